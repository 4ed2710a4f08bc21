import PulpeCrypto
import Testing

@Suite("Hex and primitives")
struct HexTests {
    @Test("Round trip and refusals")
    func roundTrip() {
        let bytes: [UInt8] = [0, 1, 0x7f, 0x80, 0xfe, 0xff]
        #expect(Hex.encode(bytes) == "00017f80feff")
        #expect(Hex.decode("00017F80FEFF") == bytes)
        #expect(Hex.decode("abc") == nil)
        #expect(Hex.decode("xx") == nil)
        #expect(Hex.decode("") == [])
    }

    @Test("SHA-256 of \"abc\" (FIPS 180-2 vector)")
    func sha256() {
        #expect(KeyDerivation.sha256Hex(Array("abc".utf8))
            == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("PBKDF2-HMAC-SHA256 RFC 7914 §11 vector (passwd/salt, 1 round, 64 bytes)")
    func pbkdf2Vector() throws {
        let out = try KeyDerivation.pbkdf2SHA256(password: Array("passwd".utf8), salt: Array("salt".utf8),
                                                 iterations: 1, byteCount: 64)
        #expect(Hex.encode(out) == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
            + "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783")
    }
}
