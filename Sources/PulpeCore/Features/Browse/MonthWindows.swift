/// The spans of months a chart offers (`H`'s 3/6/12/24, « Rapports »' 6 … 120): `←` `→` step
/// through them, stopping at either end.
enum MonthWindows {
    /// The span after (`wider`) or before `current` among `windows`; from the middle one when
    /// `current` is not among them.
    static func step(_ windows: [Int], from current: Int, wider: Bool) -> Int {
        let at = windows.firstIndex(of: current) ?? windows.count / 2
        return windows[wider ? min(windows.count - 1, at + 1) : max(0, at - 1)]
    }
}
