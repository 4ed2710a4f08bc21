import Foundation
import PulpeCore
import PulpeDomain
import PulpeImport

/// The TUI's statement import (`I`): the file read here, matched against the replica and the
/// remembered rules applied — `pulpe import`'s own reader, matcher and plan.
extension NetworkBudgets {
    func reviewStatement(path: String) async -> Result<[ImportReviewRow], StatementFailure> {
        let expanded = (path as NSString).expandingTildeInPath
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: expanded)) else { return .failure(.unreadableFile) }
        let statement: BankStatement
        do {
            statement = try StatementReader.read(data)
        } catch {
            return .failure(error.failure)
        }
        guard case let .cached(settings, _)? = await cachedSettings(), let scope = await context.cacheScope() else {
            return .failure(.noAccount)
        }
        let months = await cachedAccount()
        let rules = await importRules() ?? []
        let tags = rules.contains { !$0.tags.isEmpty } ? await tagCatalogue(askServer: false) ?? [] : []
        let candidates = ImportMatcher.match(statement.operations, replica: months, account: ImportAccount(scope), timeZone: .system)
        let plan = ImportPlan.build(candidates, replica: months, payDay: settings.payDayOfMonth, currency: settings.currency,
                                    rules: rules, tags: tags)
        return .success(plan.reviewRows)
    }

    /// Kept with the account's rules, sealed in the cache like its other names.
    func rememberImportChoices(_ choices: [ImportChoice]) async {
        guard let rules = await importRules() else {
            return context.logger.warning("import rules not saved: no account known here")
        }
        _ = await saveImportRules(ImportRules.remembering(choices, in: rules))
    }

    /// The account's import rules (nil: no session, so no account to read them for).
    func importRules() async -> [ImportRule]? {
        guard let scope = await context.cacheScope() else { return nil }
        return cache.importRules(scope: scope)
    }

    /// The account's import rules replaced whole; false when there is no account to keep them for.
    func saveImportRules(_ rules: [ImportRule]) async -> Bool {
        guard let scope = await context.cacheScope() else { return false }
        return cache.saveImportRules(rules, scope: scope, at: context.clock.now())
    }
}
