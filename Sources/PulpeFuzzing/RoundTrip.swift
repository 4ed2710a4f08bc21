import Foundation
import PulpeDomain

/// decode → encode → decode → encode: what the app decoded it can write (the cache keeps months,
/// settings and sessions as JSON), what it wrote reads back, and reads back the same (the second
/// encoding equals the first, byte for byte: sorted keys, so order cannot hide a difference).
enum RoundTrip {
    static func json<T: Codable>(_ value: T, _ what: String, encoder: JSONEncoder = PulpeJSON.encoder,
                                 decoder: JSONDecoder = PulpeJSON.decoder) throws(FuzzViolation) {
        let first: Data
        do {
            first = try encoder.encode(value)
        } catch {
            throw FuzzViolation("\(what): a decoded value does not encode: \(error)")
        }
        let again: T
        do {
            again = try decoder.decode(T.self, from: first)
        } catch {
            throw FuzzViolation("\(what): its own encoding does not decode: \(error)\n\(first.lossyText)")
        }
        let second = try? encoder.encode(again)
        try check(second == first, "\(what): encode ∘ decode is not stable:\n\(first.lossyText)\n\(second?.lossyText ?? "nil")")
    }
}
