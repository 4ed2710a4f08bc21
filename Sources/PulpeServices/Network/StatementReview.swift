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
        guard case let .cached(settings, _)? = await cachedSettings() else { return .failure(.noAccount) }
        let months = await cachedAccount()
        let rules = (try? ImportRulesStore.load(from: ImportRulesStore.url(in: XDGPaths(environment: ProcessInfo.processInfo.environment).config)))
            ?? []
        let tags = rules.contains { !$0.tags.isEmpty } ? await tagCatalogue(askServer: false) ?? [] : []
        let candidates = ImportMatcher.match(statement.operations, replica: months, timeZone: .system)
        let plan = ImportPlan.build(candidates, replica: months, payDay: settings.payDayOfMonth, currency: settings.currency,
                                    rules: rules, tags: tags)
        return .success(plan.reviewRows)
    }

    /// Kept in `import-rules.json` (a file that does not read is left alone, and said in the log).
    func rememberImportChoices(_ choices: [ImportChoice]) async {
        let url = ImportRulesStore.url(in: XDGPaths(environment: ProcessInfo.processInfo.environment).config)
        do {
            let rules = try ImportRulesStore.load(from: url)
            try ImportRulesStore.save(ImportRulesStore.remembering(choices, in: rules), to: url)
        } catch {
            context.logger.warning("import rules not saved: \(error)")
        }
    }
}
