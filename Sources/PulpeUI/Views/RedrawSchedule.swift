import PulpeCore
import PulpeTerminal

/// Collects the earliest moment any part of the screen changes by itself.
struct RedrawSchedule {
    private(set) var earliest: AppTime?

    mutating func add(_ time: AppTime?) {
        guard let time else { return }
        if let current = earliest, current <= time { return }
        earliest = time
    }
}
