/// The key agent's line protocol (decision 103): one request line, one reply line, then the
/// connection closes. Every field a caller chooses travels as lowercase hex, so a server address,
/// a user id or a payload can hold any byte without cutting the line. Foundation-free: the
/// launcher speaks it.
///
///     keep <entry> <ttl seconds> <payload>  → ok <serial>
///     get <entry>                           → key <payload> (a use: its lifetime starts again) | none
///     peek <entry>                          → key <payload> (not a use) | none
///     has <entry>                           → yes <serial> (not a use, no key sent) | none
///     forget <entry>                        → ok | none
///     stop                                  → ok (and the agent exits, forgetting everything)
///
/// Anything else, or a line longer than `maximumLineBytes`, is answered `error`.
public enum KeyAgentWire {
    /// A request or reply longer than this is refused (an entry and a payload of 4 KiB each fit,
    /// in hex).
    public static let maximumLineBytes = 17 * 1024
    /// The longest entry and payload, before hex: a key's payload is under 100 bytes, the status
    /// memo (`StatusMemo.leaveInAgent`) about 1.5 KiB.
    public static let maximumFieldBytes = 4096

    /// `bytes` as lowercase hex.
    public static func hex(_ text: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count * 2)
        for byte in text.utf8 {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The text whose hex `text` is; nil for odd lengths, other characters, or more than
    /// `maximumFieldBytes` bytes.
    public static func unhex(_ text: Substring) -> String? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0, digits.count / 2 <= maximumFieldBytes else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            out.append(high << 4 | low)
            index += 2
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func value(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// The entry's name for `userId` on `server`: the same words the kept-key file used.
    public static func entry(server: String, userId: String) -> String { server + " " + userId }

    /// `has <entry>`'s answer: the serial of the live entry, or nil (none, or no sensible reply).
    public static func serial(ofHasReply reply: String?) -> UInt64? {
        guard let reply, reply.hasPrefix("yes ") else { return nil }
        return UInt64(reply.dropFirst(4))
    }
}
