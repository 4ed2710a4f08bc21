import PulpeCrypto
import Testing

@Suite("Client key (pulpe-api.md §5)")
struct ClientKeyTests {
    static let zeroSalt = String(repeating: "00", count: 16)

    @Test("The contract's test vector: PIN 1234, 16 zero bytes, 600 000 iterations")
    func contractVector() throws {
        let key = try ClientKey.derive(pin: "1234", saltHex: Self.zeroSalt, iterations: 600_000)
        #expect(key == "c150d657df80140246db4ccba862aedcaa29e8f8d12adb552b07f56d7c499ef3")
    }

    @Test("Uppercase salt hex derives the same key")
    func uppercaseSalt() throws {
        let salt = "00112233445566778899AABBCCDDEEFF"
        let upper = try ClientKey.derive(pin: "0000", saltHex: salt, iterations: 500_000)
        let lower = try ClientKey.derive(pin: "0000", saltHex: salt.lowercased(), iterations: 500_000)
        #expect(upper == lower)
        #expect(upper.count == 64)
        #expect(upper == upper.lowercased())
    }

    @Test("Iteration counts outside 500 000 … 2 000 000 are refused", arguments: [0, 1, 210_000, 499_999, 2_000_001, -5])
    func iterationBounds(iterations: Int) {
        #expect(throws: ClientKeyError.iterationsOutOfRange(iterations)) {
            try ClientKey.derive(pin: "1234", saltHex: Self.zeroSalt, iterations: iterations)
        }
    }

    @Test("A PIN must be exactly four ASCII digits", arguments: ["", "123", "12345", "12a4", "١٢٣٤", " 1234", "12 4"])
    func invalidPIN(pin: String) {
        #expect(throws: ClientKeyError.invalidPIN) {
            try ClientKey.derive(pin: pin, saltHex: Self.zeroSalt, iterations: 600_000)
        }
    }

    @Test("A salt must be non-empty hex", arguments: ["", "0", "zz", "0g", "00 11"])
    func invalidSalt(salt: String) {
        #expect(throws: ClientKeyError.invalidSalt) {
            try ClientKey.derive(pin: "1234", saltHex: salt, iterations: 600_000)
        }
    }

    @Test("Key shape: 64 hex, not all zeros")
    func keyShape() {
        #expect(ClientKey.bytes(ofKeyHex: String(repeating: "0123456789abcdef", count: 4))?.count == 32)
        #expect(ClientKey.bytes(ofKeyHex: String(repeating: "0123456789ABCDEF", count: 4))?.count == 32)
        #expect(ClientKey.bytes(ofKeyHex: String(repeating: "0", count: 64)) == nil)
        #expect(ClientKey.bytes(ofKeyHex: String(repeating: "a", count: 63)) == nil)
        #expect(ClientKey.bytes(ofKeyHex: String(repeating: "g", count: 64)) == nil)
    }

    @Test("Fingerprints ignore case and differ between keys")
    func fingerprints() throws {
        let key = String(repeating: "0123456789abcdef", count: 4)
        let lower = try #require(ClientKey.fingerprint(ofKeyHex: key))
        #expect(ClientKey.fingerprint(ofKeyHex: key.uppercased()) == lower)
        #expect(ClientKey.fingerprint(ofKeyHex: String(repeating: "1", count: 64)) != lower)
        #expect(lower.count == 64)
    }
}
