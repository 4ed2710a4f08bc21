/// The root screens the user can see. Later issues add checking, maintenance, network
/// unavailable, login, PIN and the month / year panels; each is a case here so that
/// `update` can switch exhaustively and a forgotten transition is a compile error.
public enum Screen: Hashable, Sendable {
    /// The logo animation shown while start-up work runs (at most `SplashPolicy.maximum`).
    case splash(SplashState)
    /// The home screen. Until the budget panels land it shows the product name and the keys,
    /// never invented figures.
    case home
}

/// What the splash needs to know to decide when to leave.
public struct SplashState: Hashable, Sendable {
    /// When the splash appeared; the animation player counts frames from here.
    public var shownAt: AppTime

    public init(shownAt: AppTime) { self.shownAt = shownAt }
}

/// Splash timing rules (product.md §2.1).
public enum SplashPolicy {
    /// The splash never stays longer than this, even if start-up work continues.
    public static let maximum: Duration = .seconds(2)
    /// With nothing to wait for, the logo still plays long enough to be seen.
    public static let minimum: Duration = .milliseconds(1200)
}
