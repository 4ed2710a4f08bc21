import CMalloc

/// glibc keeps what a thread freed in that thread's arena: decoding a long month from the server
/// (its body, the JSON decoder's map of every value, a second copy of the rows) leaves tens of
/// megabytes free but still resident. Handing them back once the month is in hand keeps the
/// process's resident memory to what it holds.
enum MemoryTrim {
    /// Below this many transactions the decode's garbage is small: not worth the call.
    static let threshold = 5_000

    static func afterDecoding(transactions count: Int) {
        if count >= threshold { _ = cmalloc_trim() }
    }
}
