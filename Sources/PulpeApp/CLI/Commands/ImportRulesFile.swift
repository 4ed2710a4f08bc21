import Foundation
import PulpeImport
import PulpeServices

/// `import-rules.json` in the config directory: the rules `pulpe import` applies, as a JSON array
/// a person can edit too. Written whole and atomically; a file that does not read is said, not
/// overwritten.
enum ImportRulesFile {
    static var url: URL { ImportRulesStore.url(in: XDGPaths(environment: ProcessInfo.processInfo.environment).config) }

    static func load() -> [ImportRule] {
        do {
            return try ImportRulesStore.load(from: url)
        } catch {
            ShellServices.fail("\(url.path) ne se lit pas — the import rules file is not a JSON array of rules: fix or remove it",
                               status: ExitStatus.dataError)
        }
    }

    static func save(_ rules: [ImportRule]) {
        do {
            try ImportRulesStore.save(rules, to: url)
        } catch {
            ShellServices.fail("Règles non enregistrées — cannot write \(url.path): \(error.localizedDescription)", status: ExitStatus.ioError)
        }
    }
}
