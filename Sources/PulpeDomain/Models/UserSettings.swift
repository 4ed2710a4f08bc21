import Foundation

/// `GET /users/settings` (§6).
public struct UserSettings: Sendable, Hashable {
    /// 1…31, or `nil` for calendar months. Use with `PayDayCalendar`.
    public var payDayOfMonth: Int?
    public var currency: Currency
    public var showCurrencySelector: Bool?

    public init(payDayOfMonth: Int? = nil, currency: Currency = .chf, showCurrencySelector: Bool? = nil) {
        self.payDayOfMonth = payDayOfMonth
        self.currency = currency
        self.showCurrencySelector = showCurrencySelector
    }
}

extension UserSettings: Codable {
    enum CodingKeys: String, CodingKey { case payDayOfMonth, currency, showCurrencySelector }

    /// A missing or unknown currency reads as CHF (Pulpe's default) rather than failing: the currency
    /// only changes how amounts are written, never their value.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        payDayOfMonth = try c.decodeIfPresent(Int.self, forKey: .payDayOfMonth)
        currency = (try? c.decodeIfPresent(String.self, forKey: .currency)).flatMap(Currency.init(rawValue:)) ?? .chf
        showCurrencySelector = try? c.decodeIfPresent(Bool.self, forKey: .showCurrencySelector)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeOrNull(payDayOfMonth, forKey: .payDayOfMonth)
        try c.encode(currency, forKey: .currency)
        try c.encodeIfPresent(showCurrencySelector, forKey: .showCurrencySelector)
    }
}
