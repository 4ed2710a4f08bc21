import PulpeStatusLine

/// What the key agent holds (decision 103): kept entries in memory only — entry (server + user)
/// → the `KeyringPayload` text, opaque so a later field passes through unchanged — each with the
/// lifetime a use renews, and the answers to the protocol's lines (`KeyAgentWire`). Pure: the
/// time is handed in, so the TTL rules are tested with a clock of the test's own; the socket loop
/// is `KeyAgentServer`.
public struct KeyAgentStore: Sendable {
    struct Entry: Sendable {
        /// The payload's bytes, zeroed when the entry goes (a best effort: Swift may have copied them).
        var payload: [UInt8]
        var ttlSeconds: Double
        var expiresAt: Double
        var serial: UInt64
    }

    private var entries: [String: Entry] = [:]
    /// Serials start at a random number: an entry of a new agent never repeats one of the
    /// previous agent's, which the launcher's memo may still name.
    private var nextSerial = UInt64.random(in: 1...(UInt64.max / 2))
    /// Whether anything was ever kept: an agent that has held a key exits once it holds none.
    public private(set) var hasHeld = false

    public init() {}

    public var isEmpty: Bool { entries.isEmpty }

    /// When the next entry expires, if any (the loop wakes then).
    public var nextExpiry: Double? { entries.values.map(\.expiresAt).min() }

    /// Keeps `payload` for `entry`, living `ttlSeconds` from `now` and from each use; its serial.
    @discardableResult
    public mutating func keep(_ entry: String, payload: String, ttlSeconds: Double, now: Double) -> UInt64 {
        forget(entry)
        let serial = nextSerial
        nextSerial &+= 1
        entries[entry] = Entry(payload: Array(payload.utf8), ttlSeconds: ttlSeconds, expiresAt: now + ttlSeconds, serial: serial)
        hasHeld = true
        return serial
    }

    /// The live payload; a use renews its lifetime when `renewing`.
    public mutating func payload(_ entry: String, now: Double, renewing: Bool) -> String? {
        expire(now: now)
        guard var found = entries[entry] else { return nil }
        if renewing {
            found.expiresAt = now + found.ttlSeconds
            entries[entry] = found
        }
        return String(decoding: found.payload, as: UTF8.self)
    }

    /// The live entry's serial, without using it.
    public mutating func serial(_ entry: String, now: Double) -> UInt64? {
        expire(now: now)
        return entries[entry]?.serial
    }

    /// Drops `entry`; true when it was held.
    @discardableResult
    public mutating func forget(_ entry: String) -> Bool {
        guard var gone = entries.removeValue(forKey: entry) else { return false }
        gone.payload.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        return true
    }

    /// Drops everything whose lifetime has passed.
    public mutating func expire(now: Double) {
        for (entry, held) in entries where held.expiresAt <= now { forget(entry) }
    }

    /// Drops everything (`stop`, or the agent's end).
    public mutating func forgetAll() {
        for entry in Array(entries.keys) { forget(entry) }
    }

    /// The reply to one request line, and whether the agent must stop.
    public mutating func respond(to line: String, now: Double) -> (reply: String, stop: Bool) {
        guard line.utf8.count <= KeyAgentWire.maximumLineBytes else { return ("error", false) }
        let words = line.split(separator: " ", omittingEmptySubsequences: false)
        switch (words.first, words.count) {
        case ("stop", 1):
            forgetAll()
            return ("ok", true)
        case ("keep", 4):
            guard let entry = KeyAgentWire.unhex(words[1]), let ttl = Int(words[2]), ttl > 0,
                  let payload = KeyAgentWire.unhex(words[3]), !payload.isEmpty else { return ("error", false) }
            return ("ok \(keep(entry, payload: payload, ttlSeconds: Double(ttl), now: now))", false)
        case ("get", 2), ("peek", 2):
            guard let entry = KeyAgentWire.unhex(words[1]) else { return ("error", false) }
            let found = payload(entry, now: now, renewing: words[0] == "get")
            return (found.map { "key " + KeyAgentWire.hex($0) } ?? "none", false)
        case ("has", 2):
            guard let entry = KeyAgentWire.unhex(words[1]) else { return ("error", false) }
            return (serial(entry, now: now).map { "yes \($0)" } ?? "none", false)
        case ("forget", 2):
            guard let entry = KeyAgentWire.unhex(words[1]) else { return ("error", false) }
            return (forget(entry) ? "ok" : "none", false)
        default:
            return ("error", false)
        }
    }
}
