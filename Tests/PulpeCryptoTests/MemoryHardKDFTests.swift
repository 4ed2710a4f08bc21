import PulpeCrypto
import Testing

/// Argon2id against vectors computed by an independent implementation (argon2-cffi, with its own
/// bundled reference code): the reference vector « password » / « somesalt », and a client key's
/// shape with a small cost.
@Suite struct MemoryHardKDFTests {
    @Test func theReferenceVector() throws {
        let out = try MemoryHardKDF.argon2id(secret: Array("password".utf8), salt: Array("somesalt".utf8),
                                             cost: .init(memoryKiB: 65536, iterations: 2, lanes: 1))
        #expect(Hex.encode(out) == "09316115d5cf24ed5a15a31a3ba326e5cf32edc24702987c02b6566f61913cf7")
    }

    @Test func aClientKeyWithASmallCost() throws {
        let out = try MemoryHardKDF.argon2id(secret: Array("0123456789abcdef0123456789abcdef".utf8),
                                             salt: Array("pulpe-tui-salt16".utf8), cost: .init(memoryKiB: 1024, iterations: 3, lanes: 1))
        #expect(Hex.encode(out) == "eb5cf74f5c5f3bfb0774942e1c20059b7cc6a7760f095bb387687bbaed093448")
    }

    /// A file's recorded cost is input from disk: out of bounds is refused, never run.
    @Test(arguments: [MemoryHardKDF.Cost(memoryKiB: 4, iterations: 1, lanes: 1), .init(memoryKiB: 1 << 22, iterations: 1, lanes: 1),
                      .init(memoryKiB: 1024, iterations: 0, lanes: 1), .init(memoryKiB: 1024, iterations: 65, lanes: 1),
                      .init(memoryKiB: 1024, iterations: 1, lanes: 9)])
    func aCostOutOfBoundsIsRefused(cost: MemoryHardKDF.Cost) {
        #expect(throws: ClientKeyError.invalidParameters) {
            try MemoryHardKDF.argon2id(secret: [1, 2, 3], salt: Array("12345678".utf8), cost: cost)
        }
    }

    @Test func theStandardCostIsAtLeast64MiB() {
        #expect(MemoryHardKDF.Cost.standard.memoryKiB >= 64 * 1024 && MemoryHardKDF.Cost.standard.isAcceptable)
    }
}
