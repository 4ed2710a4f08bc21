/// Reads the plain-text animation format documented in `docs/animation-format.md`.
///
/// Errors carry the file name and the 1-based line so a broken asset is easy to fix; the caller
/// falls back to a static frame instead of crashing.
public enum AnimationParser {
    public static let magic = "# pulpe-animation v1"
    public static let frameMarker = "--- frame"
    public static let rolesMarker = "--- roles"

    public static func parse(_ text: String, file: String) throws(AnimationParseError) -> Animation {
        // Split on any line break: in Swift "\r\n" is one Character, so CRLF files work too.
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let first = lines.first, first == magic else {
            throw AnimationParseError(file: file, line: 1, reason: "first line must be '\(magic)'")
        }

        var header: [String: (value: String, line: Int)] = [:]
        var index = 1
        while index < lines.count, !lines[index].hasPrefix("---") {
            let line = lines[index]
            let number = index + 1
            index += 1
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let colon = trimmed.firstIndex(of: ":") else {
                throw AnimationParseError(file: file, line: number, reason: "expected 'key: value' in the header")
            }
            let key = String(trimmed[..<colon]).trimmingSpaces
            let value = String(trimmed[trimmed.index(after: colon)...]).trimmingSpaces
            guard ["name", "fps", "loop"].contains(key) else {
                throw AnimationParseError(file: file, line: number, reason: "unknown header key '\(key)'")
            }
            guard header[key] == nil else {
                throw AnimationParseError(file: file, line: number, reason: "header key '\(key)' given twice")
            }
            header[key] = (value, number)
        }

        guard let name = header["name"]?.value, !name.isEmpty else {
            throw AnimationParseError(file: file, line: index + 1, reason: "missing header 'name'")
        }
        guard let fpsEntry = header["fps"] else {
            throw AnimationParseError(file: file, line: index + 1, reason: "missing header 'fps'")
        }
        guard let fps = Int(fpsEntry.value), (1...60).contains(fps) else {
            throw AnimationParseError(file: file, line: fpsEntry.line, reason: "fps must be a whole number from 1 to 60")
        }
        var loops = true
        if let loopEntry = header["loop"] {
            switch loopEntry.value {
            case "true": loops = true
            case "false": loops = false
            default: throw AnimationParseError(file: file, line: loopEntry.line, reason: "loop must be 'true' or 'false'")
            }
        }

        var frames: [AnimationFrame] = []
        while index < lines.count {
            let markerLine = index + 1
            guard lines[index] == frameMarker else {
                throw AnimationParseError(file: file, line: markerLine, reason: "expected '\(frameMarker)'")
            }
            index += 1
            var body: [String] = []
            while index < lines.count, !lines[index].hasPrefix("---") {
                body.append(lines[index])
                index += 1
            }
            // Trailing blank lines go before the roles are checked against the frame: checked after,
            // a roles block longer than the trimmed frame got through (found by `make fuzz`).
            while body.last?.trimmingSpaces.isEmpty == true, body.count > 1 { body.removeLast() }
            var roles: [String] = []
            if index < lines.count, lines[index] == rolesMarker {
                let rolesLine = index + 1
                index += 1
                while index < lines.count, !lines[index].hasPrefix("---") {
                    roles.append(lines[index])
                    index += 1
                }
                try validateRoles(roles, against: body, file: file, firstLine: rolesLine + 1)
            }
            guard body.contains(where: { !$0.trimmingSpaces.isEmpty }) else {
                throw AnimationParseError(file: file, line: markerLine, reason: "frame \(frames.count + 1) is empty")
            }
            if let tab = body.firstIndex(where: { $0.contains("\t") }) {
                throw AnimationParseError(file: file, line: markerLine + 1 + tab, reason: "tabs are not allowed in frames (use spaces)")
            }
            frames.append(AnimationFrame(lines: body, roleHints: roles))
        }
        guard !frames.isEmpty else {
            throw AnimationParseError(file: file, line: lines.count, reason: "no frames (each frame starts with '\(frameMarker)')")
        }
        return Animation(name: name, framesPerSecond: fps, loops: loops, frames: frames)
    }

    private static func validateRoles(_ roles: [String], against body: [String], file: String, firstLine: Int) throws(AnimationParseError) {
        for (offset, hint) in roles.enumerated() {
            for character in hint where character != " " && AnimationRoleHint(rawValue: character) == nil {
                throw AnimationParseError(file: file, line: firstLine + offset,
                                          reason: "unknown colour role '\(character)' (known: \(AnimationRoleHint.legend))")
            }
        }
        if roles.count > body.count {
            throw AnimationParseError(file: file, line: firstLine + body.count, reason: "roles block has more lines than its frame")
        }
    }
}

extension StringProtocol {
    /// Spaces and tabs trimmed at both ends (Foundation-free, so the parser stays light).
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
