import Foundation

/// A length of time as a person writes it in a flag or the config file: whole seconds (`90`), or a
/// number with a unit (`90s`, `15m`, `8h`, `2d`). Used by `key_ttl`, `--key-ttl` and `lock_after`.
public enum DurationText {
    /// The longest accepted: a year, so a typo never means « forever ».
    public static let maximumSeconds = 366 * 24 * 3600

    /// Whole seconds, or nil when `text` is not a duration (or longer than a year). `bareUnit` is
    /// what a bare number counts: seconds for `key_ttl`, minutes for `lock_after`.
    public static func seconds(_ text: String, bareUnit: Int = 1) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let last = trimmed.last else { return nil }
        let unit: Int
        let number: Substring
        switch last {
        case "s": unit = 1; number = trimmed.dropLast()
        case "m": unit = 60; number = trimmed.dropLast()
        case "h": unit = 3600; number = trimmed.dropLast()
        case "d": unit = 86_400; number = trimmed.dropLast()
        default: unit = bareUnit; number = Substring(trimmed)
        }
        guard !number.isEmpty, number.count <= 9, number.allSatisfy({ $0.isASCII && $0.isNumber }),
              let value = Int(number) else { return nil }
        let (total, overflow) = value.multipliedReportingOverflow(by: unit)
        guard !overflow, total <= maximumSeconds else { return nil }
        return total
    }

    /// `28800` → `8h`, `900` → `15m`, `90` → `90s`, `0` → `0`: the shortest exact form.
    public static func format(seconds: Int) -> String {
        if seconds == 0 { return "0" }
        if seconds % 86_400 == 0 { return "\(seconds / 86_400)d" }
        if seconds % 3600 == 0 { return "\(seconds / 3600)h" }
        if seconds % 60 == 0 { return "\(seconds / 60)m" }
        return "\(seconds)s"
    }
}
