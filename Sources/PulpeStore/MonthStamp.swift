/// A month's cache entry as it was when a change to it began: absent, or stamped with the rows'
/// version every save renews. Compared at the save (`CacheStore.saveMonth(ifStill:)`), it tells
/// whether another save — from this process or another pulpe — came in between (decision 65).
public struct MonthStamp: Sendable, Hashable {
    let exists: Bool
    let rowsVersion: Int64?

    init(_ record: CacheEntryRecord?) {
        exists = record != nil
        rowsVersion = record?.rowsVersion
    }
}
