import Foundation
import PulpeDomain

/// `pulpe-app` refuses a `PULPE_TODAY` that names no day before it does anything else: read as
/// « no anchor », a mistyped day let an anchored test run pass on the real day (decision 80).
public enum AnchoredTodayCheck {
    /// Exits 64 (EX_USAGE) with one line on stderr when the environment's `PULPE_TODAY` is malformed.
    public static func refuseMalformed() {
        guard let problem = SystemTime.environmentProblem else { return }
        FileHandle.standardError.write(Data("pulpe: \(problem)\n".utf8))
        exit(64)
    }
}
