/// Column widths of the budget-line table, decided once per frame from the widest texts so every
/// row lines up: `[kind][name] [bar] [consumed / planned][ +over]`.
struct BudgetLineColumns: Equatable {
    /// « Revenus » / « Dépenses » / « Épargne » on the first line of each group; 0 when too narrow.
    let kind: Int
    let name: Int
    /// 0 when there is no room for a bar.
    let bar: Int
    let amount: Int
    /// Room for « +188.00 » (with its leading space); 0 when no line is over.
    let over: Int

    /// Narrower than this, the kind column goes (lines stay ordered by kind).
    static let kindMinimumWidth = 48
    static let kindWidth = 9
    /// Narrower than this, only the planned amount is shown, not « consumed / planned ».
    static let consumedMinimumWidth = 56
    static let minimumName = 8
    static let maximumBar = 24

    init(width: Int, amountWidth: Int, overWidth: Int) {
        kind = width >= Self.kindMinimumWidth ? Self.kindWidth : 0
        amount = amountWidth
        over = overWidth
        let rest = width - kind - amount - over - 1
        var bar = min(Self.maximumBar, max(4, rest * 2 / 5))
        if rest - 1 - bar < Self.minimumName { bar = rest - 1 - Self.minimumName }
        if bar < 3 {
            self.bar = 0
            name = max(0, rest)
        } else {
            self.bar = bar
            name = rest - 1 - bar
        }
    }
}
