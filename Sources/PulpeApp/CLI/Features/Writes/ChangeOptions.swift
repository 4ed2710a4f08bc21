import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices
import PulpeUI

/// What every write verb (`check`, `uncheck`, `edit`, `rm`, `line …`) shares: the month it looks
/// in, how long it waits, and how an outcome becomes words and an exit status (0 done, 75 stored
/// and queued, 65 invalid or refused, 64 an unknown or ambiguous target, 77 locked or signed out).
struct ChangeOptions: ParsableArguments {
    @Option(help: "The budget month to look in, YYYY-MM (default: the current pay-day period).")
    var month: String?

    @Option(help: "Seconds to try sending before leaving the change queued (it is stored either way).")
    var wait: Int = 8

    @OptionGroup var server: ServerFlags

    func validate() throws {
        if let month, MonthCommand.parse(month) == nil {
            throw ValidationError("« \(month) » n'est pas un mois (AAAA-MM) — expected YYYY-MM")
        }
    }
}
