import Foundation

/// `GET /budgets/:id/details` decoded while its body arrives: each transaction is read as soon as
/// its object is complete (`BudgetDetailsWire.transaction`), and its bytes are dropped; only the
/// rest of the body (the envelope, the budget, its lines, with `"transactions":[]`) is kept for
/// `JSONDecoder`.
///
/// Why: read whole, a 100 000-row month's 36 MB body was held while its rows were built beside
/// the copy on screen: the refresh's peak memory (decision 69). Streamed, the body costs one row.
///
/// The rules are the whole-body reader's, and so is the doubt: whatever it is not sure of gives
/// up. Until the array is reached nothing is dropped, so the answer is then the body itself
/// (`.whole`); once rows were dropped, the body cannot be read again and the answer is
/// `.unusable` (the client asks the server again without streaming, and `JSONDecoder` decides).
public struct MonthBodyStream: Sendable {
    public enum Outcome: Sendable, Equatable {
        /// Nothing was taken out: the body, whole.
        case whole(Data)
        /// The body with `"transactions":[]`, and the transactions.
        case split(remainder: Data, transactions: [Transaction])
        /// Rows were taken out, then something was not read: the body is lost.
        case unusable
    }

    private var remainder = Data()
    private var rows: BudgetDetailsWire.Rows
    private var transactions: [Transaction] = []
    private var mode = Mode.outside
    private var gaveUp = false
    private var arrays = 0

    // Outside the array: enough of the structure to find `data.transactions`.
    private var depth = 0
    private var inString = false
    private var escaped = false
    /// The bytes of the string being read (keys are short; a longer string is no key we want).
    private var string: [UInt8] = []
    private var stringTooLong = false
    /// The last string closed, when it may be a key.
    private var lastString: [UInt8]?
    /// The key each open object is at, by depth.
    private var keys: [[UInt8]?] = [nil]
    /// A `:` came, and no value byte since.
    private var afterColon = false

    // Inside the array: the element being gathered.
    private var element: [UInt8] = []
    private var elementDepth = 0
    private var elementInString = false
    private var elementEscaped = false

    private enum Mode: Equatable {
        case outside
        /// Just after `[`: an element or `]`.
        case arrayStart
        case element
        /// After an element: `,` or `]`.
        case afterElement
        /// After `,`: an element.
        case afterComma
    }

    private static let dataKey = Array("data".utf8)
    private static let transactionsKey = Array("transactions".utf8)

    /// `held`: the copy of this month already in memory, whose strings equal ones share.
    public init(reusing held: [Transaction] = []) {
        rows = BudgetDetailsWire.Rows(held: BudgetDetailsWire.HeldRows(held))
        transactions.reserveCapacity(held.count)
    }

    /// The next bytes of the body.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        guard !gaveUp else { return }
        var kept = 0 // the start of the run of bytes still to copy into `remainder`
        for index in 0..<bytes.count {
            let byte = bytes[index]
            switch mode {
            case .outside:
                if scanOutside(byte) {
                    // `[` of the transactions: kept, and nothing after it until its `]`.
                    remainder.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[kept...index]))
                    kept = index + 1
                }
            default:
                // `]` is kept, and the bytes after it again; what lies before it is not.
                if readInArray(byte) { remainder.append(UInt8(ascii: "]")) }
                kept = index + 1
                if gaveUp { return }
            }
        }
        if mode == .outside, kept < bytes.count {
            remainder.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[kept...]))
        }
    }

    /// What the body reads as, once it has all arrived.
    public mutating func finish() -> Outcome {
        if arrays == 0 && !gaveUp { return .whole(remainder) }
        guard !gaveUp, mode == .outside, arrays == 1 else { return .unusable }
        return .split(remainder: remainder, transactions: transactions)
    }

    /// One byte outside the array; true when it is the `[` that opens `data.transactions`.
    private mutating func scanOutside(_ byte: UInt8) -> Bool {
        if inString {
            if escaped {
                escaped = false
                stringTooLong = true // an escaped key is not one of ours
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
                lastString = stringTooLong ? nil : string
            } else if string.count < 16 {
                string.append(byte)
            } else {
                stringTooLong = true
            }
            return false
        }
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D:
            return false
        case UInt8(ascii: "\""):
            inString = true
            string.removeAll(keepingCapacity: true)
            stringTooLong = false
            afterColon = false
            return false
        case UInt8(ascii: ":"):
            if depth < keys.count { keys[depth] = lastString }
            lastString = nil
            afterColon = true
            return false
        case UInt8(ascii: "["):
            let opens = afterColon && depth == 2 && keys.count > 2 && keys[1] == Self.dataKey && keys[2] == Self.transactionsKey
            afterColon = false
            if opens {
                arrays += 1
                // A second `transactions` (a repeated key) is `JSONDecoder`'s to settle.
                if arrays > 1 { gaveUp = true }
                mode = .arrayStart
                return true
            }
            open()
            return false
        case UInt8(ascii: "{"):
            afterColon = false
            open()
            return false
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            afterColon = false
            depth = max(0, depth - 1)
            return false
        default:
            afterColon = false
            lastString = nil
            return false
        }
    }

    private mutating func open() {
        depth += 1
        if keys.count <= depth { keys.append(nil) } else { keys[depth] = nil }
    }

    /// One byte inside the array; true at its closing `]`.
    private mutating func readInArray(_ byte: UInt8) -> Bool {
        switch mode {
        case .arrayStart, .afterComma, .afterElement:
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                return false
            case UInt8(ascii: "{") where mode != .afterElement:
                element.removeAll(keepingCapacity: true)
                element.append(byte)
                elementDepth = 1
                mode = .element
                return false
            case UInt8(ascii: ",") where mode == .afterElement:
                mode = .afterComma
                return false
            case UInt8(ascii: "]") where mode != .afterComma:
                mode = .outside
                return true
            default:
                gaveUp = true
                return false
            }
        case .element:
            element.append(byte)
            if elementInString {
                if elementEscaped {
                    elementEscaped = false
                } else if byte == UInt8(ascii: "\\") {
                    elementEscaped = true
                } else if byte == UInt8(ascii: "\"") {
                    elementInString = false
                }
                return false
            }
            switch byte {
            case UInt8(ascii: "\""): elementInString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): elementDepth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                elementDepth -= 1
                if elementDepth == 0 { readElement() }
            default: break
            }
            return false
        case .outside:
            return false
        }
    }

    /// The element just completed, as a transaction.
    private mutating func readElement() {
        mode = .afterElement
        let read = element.withUnsafeBytes { raw -> Transaction? in
            var reader = JSONByteReader(raw)
            guard let transaction = try? BudgetDetailsWire.transaction(&reader, &rows), (try? reader.end()) != nil else {
                return nil
            }
            return transaction
        }
        guard let read else {
            gaveUp = true
            return
        }
        transactions.append(read)
    }
}
