/// How much history the demo account has: the months before the current one, and small expenses
/// added to each of those past months beyond the household's own. The standard demo is a year;
/// `pulpe-server --demo-months 120 --demo-month-transactions 480` is the heavy account the
/// replica's benchmark reads (decision 81: ten years, about 60 000 transactions).
public struct DemoHistory: Sendable, Hashable {
    public var monthsBefore: Int
    public var extraPerPastMonth: Int

    public init(monthsBefore: Int = DemoSeed.monthsBefore, extraPerPastMonth: Int = 0) {
        self.monthsBefore = monthsBefore
        self.extraPerPastMonth = extraPerPastMonth
    }

    public static let standard = DemoHistory()
}
