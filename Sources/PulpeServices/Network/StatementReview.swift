import Foundation
import PulpeCore
import PulpeDomain
import PulpeImport

/// The statement import's inputs and its one pipeline (`StatementImport`): the TUI's review (`I`)
/// and `pulpe import` plan a statement with the same call.
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
        guard let plan = await planStatement(statement, month: nil, askServerForTags: false) else { return .failure(.noAccount) }
        return .success(plan.reviewRows)
    }

    /// What the plan is built against, from one read of the session's scope: the replica, the
    /// settings, the rules, and the tags when a rule names some.
    public func planStatement(_ statement: BankStatement, month: BudgetMonth?, askServerForTags: Bool) async -> ImportPlan? {
        guard let scope = await context.cacheScope() else { return nil }
        // Settings never kept: CHF and the calendar month, as `pulpe export` reads them.
        let settings = await cachedSettings()?.kept?.settings
        let rules = cache.importRules(scope: scope)
        let tags = rules.contains { !$0.tags.isEmpty } ? await tagCatalogue(askServer: askServerForTags) ?? [] : []
        let inputs = StatementImport.Inputs(replica: await cachedAccount(), account: ImportAccount(scope), payDay: settings?.payDayOfMonth,
                                            currency: settings?.currency ?? .chf, rules: rules, tags: tags)
        return StatementImport.plan(statement, month: month, inputs: inputs)
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
