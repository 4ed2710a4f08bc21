import Foundation

/// Reads an amount typed by a person (quick-add form, `pulpe add 12.50`) into an exact `Decimal`.
public enum AmountInput {
    /// Accepts digits with one decimal mark (`.` or `,`) and at most two decimals; group separators
    /// `’`, `'`, space, no-break spaces are ignored. Returns `nil` for anything else (letters, signs,
    /// several marks, three decimals), so a typo is never read as a different amount.
    ///
    /// Examples: `12.50`, `12,5`, `1’234.56`, `1 000`, `.5` → 0.5. Zero parses (the form then says
    /// « Ajoute un montant » via `TransactionRules`).
    public static func parse(_ text: String) -> Decimal? {
        let ignored: Set<Character> = ["\u{2019}", "'", " ", "\u{00A0}", "\u{202F}"]
        var integerDigits = ""
        var fractionDigits = ""
        var sawMark = false
        for character in text.trimmingCharacters(in: .whitespacesAndNewlines) {
            if ignored.contains(character) { continue }
            if character == "." || character == "," {
                guard !sawMark else { return nil }
                sawMark = true
                continue
            }
            guard character.isASCII, character.isNumber else { return nil }
            if sawMark { fractionDigits.append(character) } else { integerDigits.append(character) }
        }
        guard !(integerDigits.isEmpty && fractionDigits.isEmpty), fractionDigits.count <= 2 else { return nil }
        let literal = (integerDigits.isEmpty ? "0" : integerDigits) + (fractionDigits.isEmpty ? "" : "." + fractionDigits)
        return Decimal(string: literal)
    }
}
