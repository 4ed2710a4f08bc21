import PulpeDomain

/// What the splash needs to know to decide when to leave.
public struct SplashState: Hashable, Sendable {
    /// When the splash appeared; the animation player counts frames from here.
    public var shownAt: AppTime
    /// The minimum display time is over: the splash leaves as soon as start-up work is done.
    public var minimumElapsed = false

    public init(shownAt: AppTime, minimumElapsed: Bool = false) {
        self.shownAt = shownAt
        self.minimumElapsed = minimumElapsed
    }
}
