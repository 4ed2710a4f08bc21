import Foundation

/// JSON for scripts: keys sorted, amounts as exact decimal strings (never binary floats).
enum PanelJSON {
    static func amount(_ value: Decimal?) -> Any { value.map { "\($0)" } ?? NSNull() }

    static func month(_ month: (year: Int, month: Int)) -> String { String(format: "%04d-%02d", month.year, month.month) }

    static func text(_ object: Any) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
