/// SplitMix64 (Steele, Lea & Flood, 2014): a tiny, fast, fully deterministic generator.
///
/// One implementation for the whole package because the same seed must give the same numbers
/// everywhere it is used: backoff jitter kept in `AppState` (seeded by the runtime: random in use,
/// exact in tests), the client's seeded retry jitter, and the sandbox's demo data and fault draws
/// (the same `--seed` gives the same results on every machine). Not for secrets: salts, tokens and
/// passwords use `SystemRandomNumberGenerator`.
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
