import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

/// The account's import rules, sealed in the cache with its other names (statement labels are as
/// private as transactions), read and replaced through `ImportRulesFlow`.
enum KeptImportRules {
    /// The rules; ends the command when no account is signed in here.
    static func load(app: AppServices) async -> [ImportRule] {
        guard case let .rules(rules)? = await HeadlessDriver.run(ImportRulesFlow(.read), services: app.services) else {
            await app.stop()
            ShellServices.fail(ShellCopy.notSignedIn, status: ExitStatus.noPermission)
        }
        return rules
    }

    /// The rules replaced whole; ends the command when they could not be kept.
    static func save(_ rules: [ImportRule], app: AppServices) async {
        let outcome = await HeadlessDriver.run(ImportRulesFlow(.replace(rules)), services: app.services)
        await app.stop()
        switch outcome {
        case .rules?: return
        case .notSignedIn?: ShellServices.fail(ShellCopy.notSignedIn, status: ExitStatus.noPermission)
        case .notSaved?, nil:
            ShellServices.fail("Règles non enregistrées — the local data is locked or cannot be written (pulpe unlock, then again)",
                               status: ExitStatus.ioError)
        }
    }
}
