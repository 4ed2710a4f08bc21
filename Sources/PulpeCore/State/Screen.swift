import PulpeDomain

/// The root screens (docs/product.md §2). Each is a case, so `update` switches exhaustively and a
/// forgotten transition is a compile error. A screen's value carries what the user typed, so
/// keeping the value keeps their input (maintenance stores it and brings it back).
public enum Screen: Hashable, Sendable {
    /// The logo animation while start-up work runs (at most `SplashPolicy.maximum`).
    case splash(SplashState)
    /// Start-up work outlived the splash: « Vérification du service… » with a spinner.
    case checking
    case maintenance(MaintenanceState)
    case networkUnavailable(NetworkUnavailableState)
    case login(LoginForm)
    case pin(PinForm)
    /// The main screen. Its value lives in one slot, `AppState.home`, whichever of `screen`,
    /// `afterSplash` or `resumeScreen` says the user is there, waits behind the splash, or comes
    /// back to it after maintenance or the PIN: one copy, so an answer never updates a stale one.
    case home

    /// Screens the user can be returned to after maintenance or a lost connection.
    var isResumable: Bool {
        switch self {
        case .login, .pin, .home: true
        case .splash, .checking, .maintenance, .networkUnavailable: false
        }
    }
}
