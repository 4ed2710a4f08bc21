import Foundation

extension Duration {
    /// The duration in seconds, for the Foundation APIs that take a `TimeInterval`.
    public var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
