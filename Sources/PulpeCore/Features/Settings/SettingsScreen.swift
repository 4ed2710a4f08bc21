import PulpeDomain

/// « Réglages » (`,`, §16.6): the pay day, the currency and whether the currency selector shows —
/// the server's settings, changed here and stored through the outbox as one `PUT`. A new pay day
/// that moves expenses waiting to another month says which first and asks.
public struct SettingsScreen: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        case open
        case moveUp, moveDown
        /// `←` `→`: the selected setting's previous or next value.
        case previousValue, nextValue
        /// `Entrée`: store what changed (asked first when expenses waiting move).
        case submit
        /// The answer to « … changent de mois ».
        case confirm(Bool)
        case cancel
    }

    public enum Row: Int, Hashable, Sendable, CaseIterable {
        case payDay, currency, currencySelector
    }

    /// The settings as the server has them (what `Entrée` compares with).
    public var saved: UserSettings
    /// As shown, changed with `←` `→`.
    public var edited: UserSettings
    public var row = Row.payDay
    /// The expenses waiting that the new pay day moves, while the question is asked.
    public var moves: [PayDayReplan.Move]?

    public init(saved: UserSettings) {
        self.saved = saved
        edited = saved
    }

    /// What `Entrée` stores: the members that differ.
    public var change: SettingsChange {
        SettingsChange(payDay: edited.payDayOfMonth == saved.payDayOfMonth ? nil : .some(edited.payDayOfMonth),
                       currency: edited.currency == saved.currency ? nil : edited.currency,
                       showCurrencySelector: (edited.showCurrencySelector ?? false) == (saved.showCurrencySelector ?? false)
                           ? nil : edited.showCurrencySelector)
    }

    /// What puts back the members `change` sets.
    public var undo: SettingsChange {
        let change = change
        return SettingsChange(payDay: change.payDay == nil ? nil : .some(saved.payDayOfMonth),
                              currency: change.currency == nil ? nil : saved.currency,
                              showCurrencySelector: change.showCurrencySelector == nil ? nil : (saved.showCurrencySelector ?? false))
    }

    /// The pay day one step on: calendar months (nil), then 2 … 31 (1 is calendar months, §11).
    static func payDay(after day: Int?, forward: Bool) -> Int? {
        let steps: [Int?] = [nil] + (2...31).map { $0 }
        let index = steps.firstIndex(of: day == 1 ? nil : day) ?? 0
        return steps[(index + (forward ? 1 : steps.count - 1)) % steps.count]
    }
}
