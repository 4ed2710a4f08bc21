import Foundation

/// A recursive-descent reader over the scalars of a trimmed amount: `sum := product (('+'|'-') product)*`,
/// `product := number ('*' number)*`, spaces allowed around operators.
struct AmountScanner {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    /// An operator was read: the amount was computed.
    private(set) var sawOperator = false

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    var isAtEnd: Bool { index == scalars.count }

    mutating func sum() -> Result<Decimal, AmountProblem> {
        skipSpaces()
        var negate = false
        if peek == "-" {
            negate = true
            index += 1
        }
        var total: Decimal
        switch product() {
        case let .success(value): total = negate ? -value : value
        case let .failure(problem): return .failure(problem)
        }
        while true {
            skipSpaces()
            guard let op = peek, op == "+" || op == "-" || op == "−" else { break }
            index += 1
            sawOperator = true
            switch product() {
            case let .success(value): total = op == "+" ? total + value : total - value
            case let .failure(problem): return .failure(problem)
            }
            if !Self.isBounded(total) { return .failure(.tooLarge) }
        }
        return .success(total)
    }

    private mutating func product() -> Result<Decimal, AmountProblem> {
        var value: Decimal
        switch number() {
        case let .success(first): value = first
        case let .failure(problem): return .failure(problem)
        }
        while true {
            skipSpaces()
            guard let op = peek, op == "*" || op == "×" else { break }
            index += 1
            sawOperator = true
            switch number() {
            case let .success(factor): value *= factor
            case let .failure(problem): return .failure(problem)
            }
            if !Self.isBounded(value) { return .failure(.tooLarge) }
        }
        return .success(value)
    }

    /// Digits with optional `'` / `’` group separators between digits — or a space (plain, no-break,
    /// narrow no-break) followed by exactly three digits, as euros are written (`1 234,56`, the way
    /// the app shows them) — then an optional decimal part after `.` or `,` (digits, or `-` for « .- »,
    /// round francs).
    private mutating func number() -> Result<Decimal, AmountProblem> {
        skipSpaces()
        var digits: [UInt8] = []
        var fractionDigits = 0
        var inFraction = false
        var sawDigit = false
        while let scalar = peek {
            if let digit = Self.digit(scalar) {
                digits.append(digit)
                if inFraction { fractionDigits += 1 }
                sawDigit = true
                index += 1
            } else if (scalar == "'" || scalar == "’") && !inFraction && sawDigit, let next = peek(at: index + 1),
                      Self.digit(next) != nil {
                index += 1
            } else if Self.isSpace(scalar) && !inFraction && sawDigit && isSpaceGroupSeparator(at: index) {
                index += 1
            } else if (scalar == "." || scalar == ",") && !inFraction {
                inFraction = true
                index += 1
                if peek == "-" {          // « 12.- »: whole francs
                    index += 1
                    break
                }
            } else {
                break
            }
        }
        guard sawDigit else { return .failure(.invalid) }
        let integerDigits = digits.count - fractionDigits
        if digits.prefix(integerDigits).drop(while: { $0 == 0 }).count > AmountParser.maximumDigits { return .failure(.tooLarge) }
        if fractionDigits > AmountParser.maximumFractionDigits { return .failure(.invalid) }
        var significand = Decimal(0)
        for digit in digits { significand = significand * 10 + Decimal(Int(digit)) }
        return .success(Decimal(sign: .plus, exponent: -fractionDigits, significand: significand))
    }

    /// Intermediate results stay far from Decimal's limits (a product of long numbers would
    /// otherwise lose digits or overflow to NaN).
    private static func isBounded(_ value: Decimal) -> Bool {
        !value.isNaN && abs(value) < AmountParser.bound
    }

    private var peek: Unicode.Scalar? { peek(at: index) }

    private func peek(at position: Int) -> Unicode.Scalar? {
        position < scalars.count ? scalars[position] : nil
    }

    private mutating func skipSpaces() {
        while let scalar = peek, Self.isSpace(scalar) { index += 1 }
    }

    /// A space inside a number groups thousands only when exactly three digits follow it: `1 234`
    /// is one number, while `12 + 3` and `12 3` keep their meaning (a sum; nothing to read).
    private func isSpaceGroupSeparator(at position: Int) -> Bool {
        for offset in 1...3 {
            guard let scalar = peek(at: position + offset), Self.digit(scalar) != nil else { return false }
        }
        return peek(at: position + 4).map { Self.digit($0) == nil } ?? true
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\u{00A0}" || scalar == "\u{202F}"
    }

    private static func digit(_ scalar: Unicode.Scalar) -> UInt8? {
        scalar.value >= 48 && scalar.value <= 57 ? UInt8(scalar.value - 48) : nil
    }
}
