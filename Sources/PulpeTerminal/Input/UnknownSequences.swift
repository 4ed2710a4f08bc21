/// Escape sequences ncurses did not recognise, read back into keys — or dropped — instead of
/// reaching the app as loose characters.
///
/// ncurses only knows the sequences of the `TERM`'s terminfo entry. When the entry does not match
/// the terminal (`TERM=xterm-256color` inside tmux or screen, which send End as `ESC [4~`; the
/// Linux console's `ESC [1~` for Home; a keypad in the other mode), `wget_wch` hands over `ESC`,
/// `[`, `4`, `~` one by one: the app then saw Escape (closing the form being typed), `[` (« Mois
/// préc. ») and two characters typed into whatever field had focus. Here a sequence arriving in
/// one read (a terminal writes it at once; a person cannot type Esc then `[` within a read) is
/// folded: the common editing and cursor keys of every family (xterm, rxvt, linux, vt220, SS3)
/// become their key, modifiers ignored; anything else well-formed (F-keys, Insert, focus reports,
/// paste brackets) is dropped.
public enum UnknownSequences {
    /// `events` with every complete `ESC [ … final` or `ESC O final` run folded.
    public static func fold(_ events: [TerminalEvent]) -> [TerminalEvent] {
        guard events.contains(.key(.escape)) else { return events }
        var out: [TerminalEvent] = []
        out.reserveCapacity(events.count)
        var index = 0
        while index < events.count {
            if let (key, next) = sequence(in: events, at: index) {
                if let key { out.append(.key(key)) }
                index = next
            } else {
                out.append(events[index])
                index += 1
            }
        }
        return out
    }

    /// When a complete sequence starts at `start`: the key it means (nil: dropped) and the index after it.
    private static func sequence(in events: [TerminalEvent], at start: Int) -> (Key?, Int)? {
        guard events[start] == .key(.escape), start + 1 < events.count,
              case let .key(.char(introducer)) = events[start + 1], introducer == "[" || introducer == "O" else { return nil }
        var parameters = ""
        var index = start + 2
        while index < events.count, case let .key(.char(character)) = events[index], let byte = character.asciiValue {
            index += 1
            switch byte {
            case 0x20...0x3F where introducer == "[":          // parameter and intermediate bytes
                parameters.append(character)
            case 0x40...0x7E:                                   // the final byte
                return (key(introducer: introducer, parameters: parameters, final: character), index)
            default:
                return nil
            }
        }
        return nil   // not complete in this read: left as it came
    }

    private static func key(introducer: Character, parameters: String, final: Character) -> Key? {
        switch final {
        case "A": return .up
        case "B": return .down
        case "C": return .right
        case "D": return .left
        case "H": return .home
        case "F": return .end
        case "Z" where introducer == "[": return .backTab
        case "~" where introducer == "[":
            // `ESC [ n ~`, with `;modifier` after n when a modifier is held.
            switch parameters.split(separator: ";").first {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            case "5": return .pageUp
            case "6": return .pageDown
            default: return nil
            }
        default:
            return nil
        }
    }
}
