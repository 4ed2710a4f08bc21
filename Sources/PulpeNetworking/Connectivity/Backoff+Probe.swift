import PulpeDomain

extension Backoff {
    /// How often the offline probe knocks: 2 s, 4 s, 8 s … 60 s, never giving up, with equal
    /// jitter (each wait between half and all of its ceiling) so it never hammers the server right
    /// after a failure yet never waits longer than the ceiling.
    public static let connectivityProbe = Backoff(initial: .seconds(2), multiplier: 2, cap: .seconds(60), jitter: .equal)
}
