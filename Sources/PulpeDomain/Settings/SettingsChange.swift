import Foundation

/// `PUT /users/settings` (`updateUserSettingsSchema`, §16.6): the members the user changed, the
/// same body on every try. `payDay`: `.some(nil)` is calendar months (`payDayOfMonth: null`).
public struct SettingsChange: Hashable, Sendable, Codable {
    public var payDay: Int??
    public var currency: Currency?
    public var showCurrencySelector: Bool?

    public init(payDay: Int?? = nil, currency: Currency? = nil, showCurrencySelector: Bool? = nil) {
        self.payDay = payDay
        self.currency = currency
        self.showCurrencySelector = showCurrencySelector
    }

    public var isEmpty: Bool { payDay == nil && currency == nil && showCurrencySelector == nil }

    /// `settings` with the change applied.
    public func applied(to settings: UserSettings) -> UserSettings {
        var next = settings
        if let payDay { next.payDayOfMonth = payDay }
        if let currency { next.currency = currency }
        if let showCurrencySelector { next.showCurrencySelector = showCurrencySelector }
        return next
    }

    /// A later change merged in (the later member wins).
    public func merged(with later: SettingsChange) -> SettingsChange {
        SettingsChange(payDay: later.payDay ?? payDay, currency: later.currency ?? currency,
                       showCurrencySelector: later.showCurrencySelector ?? showCurrencySelector)
    }

    enum CodingKeys: String, CodingKey { case payDayOfMonth, currency, showCurrencySelector }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        payDay = container.contains(.payDayOfMonth) ? .some(try container.decodeNil(forKey: .payDayOfMonth)
            ? nil : try container.decode(Int.self, forKey: .payDayOfMonth)) : nil
        currency = try container.decodeIfPresent(Currency.self, forKey: .currency)
        showCurrencySelector = try container.decodeIfPresent(Bool.self, forKey: .showCurrencySelector)
    }

    /// The wire body: `payDayOfMonth` as a number or `null` only when it changes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let payDay {
            if let day = payDay { try container.encode(day, forKey: .payDayOfMonth) } else { try container.encodeNil(forKey: .payDayOfMonth) }
        }
        try container.encodeIfPresent(currency, forKey: .currency)
        try container.encodeIfPresent(showCurrencySelector, forKey: .showCurrencySelector)
    }
}
