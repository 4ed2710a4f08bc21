import PulpeDomain

/// Splash timing rules (docs/product.md §2.1).
public enum SplashPolicy {
    /// The splash never stays longer than this, even if start-up work continues.
    public static let maximum: Duration = .seconds(2)
    /// With start-up work finished early, the logo still plays long enough to be seen.
    public static let minimum: Duration = .milliseconds(1200)
}
