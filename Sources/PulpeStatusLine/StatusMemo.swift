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
        /// The key is kept in the state folder's file until `expiresAt` (Unix seconds); the file's
        /// stamp is one of the inputs.
        case file(expiresAt: Double)
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
        case let .file(expiresAt): add("key", "file | \(expiresAt)")
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
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first == Substring(Self.version) else { return nil }
        lines.removeFirst()
        var values: [String: String] = [:]
        var files: [FileStamp] = []
        for line in lines {
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            let name = String(parts[0])
            let value = Self.unescaped(String(parts[1]))
            if name == "file" {
                let fields = value.split(separator: " | ", omittingEmptySubsequences: false).map(String.init)
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
            guard let seconds = Double(text) else { return nil }
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
        let fields = text.split(separator: " | ", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        switch fields.first {
        case "keyring":
            guard fields.count == 3, let serial = Int32(fields[1]), !fields[2].isEmpty else { return nil }
            return .keyring(description: fields[2], serial: serial)
        case "file":
            guard fields.count == 2, let expiresAt = Double(fields[1]) else { return nil }
            return .file(expiresAt: expiresAt)
        default:
            return nil
        }
    }

    static func escaped(_ value: String) -> String {
        value.replacing("\\", with: "\\\\").replacing("\t", with: "\\t").replacing("\n", with: "\\n")
    }

    static func unescaped(_ value: String) -> String {
        var out = ""
        var escaping = false
        for character in value {
            if escaping {
                out.append(character == "t" ? "\t" : character == "n" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        return out
    }
}
