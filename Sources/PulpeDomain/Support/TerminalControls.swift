import Foundation

/// Characters a terminal obeys instead of showing: a name holding them could recolour the screen,
/// set the window's title, move the cursor or, in some terminals, make the terminal answer back.
/// Names come from other devices and from bank statements (whoever sends the money writes the
/// label), so none of them reaches a terminal as it is (decision 96): the TUI's cell buffer draws
/// each as a space, the shell writes each as a visible `\u001b` (`TerminalControls.visible`),
/// names typed with one are refused (`ExpenseRules`, `TagRules`) and imported ones cleaned.
extension Unicode.Scalar {
    /// C0/C1 controls, DEL and the line/paragraph separators: never sent to the terminal
    /// as-is because they would move the cursor or start an escape sequence.
    public var isTerminalControl: Bool {
        let v = value
        return v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029
    }
}

/// The shell's and the import's handling of `isTerminalControl` characters.
public enum TerminalControls {
    /// Whether `text` holds a character a terminal would obey.
    public static func contains(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: \.isTerminalControl)
    }

    /// `text` with every control written as `\u` and four hex digits (`ESC` → `\u001b`, CSI →
    /// `\u009b`) — except `keeping`, the line break of the shell's own multi-line messages.
    /// JSON's notation, so that output which is JSON stays JSON meaning the same text: JSON has no
    /// raw C0 control in it, and a raw C1 one, DEL or U+2028 inside a string reads back the same
    /// written as `\u009b`; outside strings JSON is printable ASCII.
    public static func visible(_ text: String, keeping kept: Unicode.Scalar? = nil) -> String {
        // Nearly every line has no control: no copy then.
        guard text.unicodeScalars.contains(where: { $0.isTerminalControl && $0 != kept }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if scalar.isTerminalControl, scalar != kept {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` with every run of controls made one space, and no space left at either end: a bank
    /// label's line breaks and escape bytes are noise, its words are kept.
    public static func spaced(_ text: String) -> String {
        guard contains(text) else { return text }
        var out = String.UnicodeScalarView()
        var control = false
        for scalar in text.unicodeScalars {
            if scalar.isTerminalControl {
                control = true
                continue
            }
            if control, !out.isEmpty, out.last != " " { out.append(" ") }
            control = false
            out.append(scalar)
        }
        return String(out).trimmingCharacters(in: .whitespaces)
    }
}
