import Foundation
import GRDB

/// Reads arbitrary SQLite column values out of fuzz bytes, so a row can hold anything a damaged or
/// hand-edited database file can: NULL, any integer, any real (±∞ included), any text, a blob.
///
/// Format, per value: one tag byte (low 3 bits: 0 NULL, 1 integer, 2 real, 3 text, 4 blob, 5 the
/// column's well-formed sample, 6–7 sample too), then for integer/real 8 little-endian bytes, for
/// text/blob one length byte and that many bytes. Running out of bytes gives the sample: a short
/// input is a mostly healthy row.
struct ColumnValues {
    private var bytes: ArraySlice<UInt8>

    init(_ data: Data) {
        bytes = ArraySlice(data)
    }

    var isEmpty: Bool { bytes.isEmpty }

    mutating func next(sample: DatabaseValue) -> DatabaseValue {
        guard let tag = bytes.popFirst() else { return sample }
        switch tag & 7 {
        case 0: return .null
        case 1: return Int64(bitPattern: word()).databaseValue
        case 2: return Double(bitPattern: word()).databaseValue
        case 3: return String(decoding: chunk(), as: UTF8.self).databaseValue
        case 4: return Data(chunk()).databaseValue
        default: return sample
        }
    }

    private mutating func word() -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 8) {
            value |= UInt64(bytes.popFirst() ?? 0) << UInt64(shift)
        }
        return value
    }

    private mutating func chunk() -> [UInt8] {
        let count = Int(bytes.popFirst() ?? 0)
        let taken = Array(bytes.prefix(count))
        bytes = bytes.dropFirst(count)
        return taken
    }
}
