/// What a `pulpe status` that read a fresh cache leaves for the next call: its answer, and what
/// the answer depended on (`LocalInputs`, and how the client key was kept). The launcher serves the
/// next `pulpe status` from it — a millisecond, no Foundation, no cache library — while every input
/// is unchanged and the copy is still younger than the caller's `--max-age`; anything else runs
/// the app, which answers and leaves a new memo. It is a copy of an answer, never a source:
/// deleting it costs one slow call (docs/decisions.md 64).
public struct StatusMemo: Sendable, Hashable {
    /// The format's version: a launcher reads only its own.
    public static let version = "pulpe-status-memo 1"

    public var inputs: LocalInputs
    public var key: KeyCondition
    public var figures: StatusFigures

    public init(inputs: LocalInputs, key: KeyCondition, figures: StatusFigures) {
        self.inputs = inputs
        self.key = key
        self.figures = figures
    }

    /// What proves the session's data can be shown without the PIN, as `pulpe status` found it.
    public enum KeyCondition: Sendable, Hashable {
        /// A demo session: its key is public.
        case noneNeeded
        /// The key is kept in the session keyring under `description`, as key `serial` (a lock, an
        /// expiry or a new key makes the search fail or find another serial).
        case keyring(description: String, serial: Int32)
        /// The key agent at `socket` holds the entry `entry` (its protocol hex) as `serial`
        /// (decision 103): asked with `has`, which neither renews nor sends the key.
        case agent(socket: String, entry: String, serial: UInt64)
    }

    /// Lines of `name<TAB>value`, values escaped (`\t`, `\n`, `\\`).
    public var text: String {
        var lines = [Self.version]
        func add(_ name: String, _ value: String) { lines.append(name + "\t" + Self.escaped(value)) }
        add("day", inputs.day)
        add("environment", String(inputs.environment))
        for file in inputs.files {
            add("file", [file.path, file.exists ? "1" : "0", String(file.device), String(file.inode), String(file.size),
                         String(file.modifiedSeconds), String(file.modifiedNanoseconds)].joined(separator: " | "))
        }
        add("cache", inputs.cache ?? "")
        switch key {
        case .noneNeeded: add("key", "none")
        case let .keyring(description, serial): add("key", "keyring | \(serial) | \(description)")
        case let .agent(socket, entry, serial): add("key", "agent | \(serial) | \(entry) | \(socket)")
        }
        add("month", figures.month)
        add("monthName", figures.monthName)
        if let amount = figures.amount { add("amount", amount) }
        if let compact = figures.compact { add("compact", compact) }
        if let remaining = figures.remaining { add("remaining", remaining) }
        add("currency", figures.currency)
        add("pending", String(figures.pending))
        if let fetchedAt = figures.fetchedAt { add("fetchedAt", "\(fetchedAt)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Nil for anything this version did not write whole.
    public init?(text: String) {
        var lines = Self.cut(text, at: "\n").filter { !$0.isEmpty }
        guard lines.first == Self.version else { return nil }
        lines.removeFirst()
        var values: [String: String] = [:]
        var files: [FileStamp] = []
        for line in lines {
            let parts = Self.cut(line, at: "\t", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            let name = parts[0]
            let value = Self.unescaped(parts[1])
            if name == "file" {
                let fields = Self.cut(value, at: " | ")
                // The path first (it could hold the separator), then six numbers.
                guard fields.count >= 7 else { return nil }
                let numbers = Array(fields.suffix(6))
                guard let device = UInt64(numbers[1]), let inode = UInt64(numbers[2]), let size = Int64(numbers[3]),
                      let seconds = Int64(numbers[4]), let nanoseconds = Int64(numbers[5]) else { return nil }
                files.append(FileStamp(path: fields.dropLast(6).joined(separator: " | "), exists: numbers[0] == "1", device: device,
                                       inode: inode, size: size, modifiedSeconds: seconds, modifiedNanoseconds: nanoseconds))
            } else {
                guard values.updateValue(value, forKey: name) == nil else { return nil }
            }
        }
        guard let day = values["day"], let environment = values["environment"].flatMap({ UInt64($0) }),
              let cache = values["cache"], !cache.isEmpty, let keyText = values["key"], let key = Self.key(keyText),
              let month = values["month"], let monthName = values["monthName"], let currency = values["currency"],
              let pending = values["pending"].flatMap({ Int($0) }) else { return nil }
        let fetchedAt: Double?
        if let text = values["fetchedAt"] {
            guard let seconds = Double(text), Self.isInstant(seconds) else { return nil }
            fetchedAt = seconds
        } else {
            fetchedAt = nil
        }
        let figures = StatusFigures(month: month, monthName: monthName, amount: values["amount"], compact: values["compact"],
                                    remaining: values["remaining"], currency: currency, pending: pending, fetchedAt: fetchedAt,
                                    isStale: false)
        guard figures.isPlain else { return nil }
        self.init(inputs: LocalInputs(day: day, environment: environment, files: files, cache: cache), key: key, figures: figures)
    }

    private static func key(_ text: String) -> KeyCondition? {
        if text == "none" { return .noneNeeded }
        let fields = cut(text, at: " | ", maxSplits: 2)
        switch fields.first {
        case "keyring":
            guard fields.count == 3, let serial = Int32(fields[1]), !fields[2].isEmpty else { return nil }
            return .keyring(description: fields[2], serial: serial)
        case "agent":
            // The socket last: a path may hold the separator.
            let agent = cut(text, at: " | ", maxSplits: 3)
            guard agent.count == 4, let serial = UInt64(agent[1]), !agent[2].isEmpty,
                  agent[2].utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }), agent[3].hasPrefix("/") else { return nil }
            return .agent(socket: agent[3], entry: agent[2], serial: serial)
        default:
            return nil
        }
    }

    /// Unix seconds a clock can show: finite, and within years 1…9999 (a hand-edited « 1e400 »
    /// is infinity, which no date or age can be made of; found by the fuzz target).
    static func isInstant(_ seconds: Double) -> Bool {
        seconds.isFinite && seconds > -62_135_596_800 && seconds < 253_402_300_800
    }

    /// Backslash, tab, line feed and carriage return as `\\`, `\t`, `\n`, `\r`: a value stays on its line.
    static func escaped(_ value: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    static func unescaped(_ value: String) -> String {
        var out = String.UnicodeScalarView()
        var escaping = false
        for scalar in value.unicodeScalars {
            if escaping {
                switch scalar {
                case "t": out.append("\t")
                case "n": out.append("\n")
                case "r": out.append("\r")
                default: out.append(scalar)
                }
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// `text` cut at every `separator`, scalar by scalar: cut character by character, a separator
    /// that a following combining mark (or a `\r` before a `\n`) joins into one grapheme is missed,
    /// and an escape's letter too (found by the fuzz target).
    static func cut(_ text: String, at separator: String, maxSplits: Int = .max) -> [String] {
        let scalars = Array(text.unicodeScalars)
        let mark = Array(separator.unicodeScalars)
        var parts: [String] = []
        var current = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if parts.count < maxSplits, index + mark.count <= scalars.count, scalars[index..<index + mark.count].elementsEqual(mark) {
                parts.append(String(current))
                current = String.UnicodeScalarView()
                index += mark.count
            } else {
                current.append(scalars[index])
                index += 1
            }
        }
        parts.append(String(current))
        return parts
    }
}
