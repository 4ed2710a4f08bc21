import ArgumentParser
import Foundation
import PulpeDomain
import PulpeImport

/// `pulpe import rules [list|add|rm]`: what the next imports remember (kept sealed with the account).
struct ImportRulesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules", abstract: "The rules pulpe import applies: list, add or remove them.",
        subcommands: [List.self, Add.self, Remove.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the rules, in the order they are tried.")
        @Flag(help: "Print JSON for scripts.") var json = false
        @OptionGroup var server: ServerFlags

        func run() async throws {
            let app = try await ShellServices.start(server, outbox: .readOnly)
            let rules = await KeptImportRules.load(app: app)
            await app.stop()
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                ShellServices.say(String(decoding: (try? encoder.encode(rules)) ?? Data("[]".utf8), as: UTF8.self))
                return
            }
            guard !rules.isEmpty else { return ShellServices.say("Aucune règle") }
            ShellServices.say(rules.map(Self.text).joined(separator: "\n"))
        }

        static func text(_ rule: ImportRule) -> String {
            guard !rule.skip else { return "« \(rule.pattern) » → ignorée" }
            let parts = [rule.name.map { "nommée « \($0) »" }, rule.line.map { "sur « \($0) »" },
                         rule.tags.isEmpty ? nil : rule.tags.map { "#" + $0 }.joined(separator: " ")].compactMap { $0 }
            return "« \(rule.pattern) » → " + (parts.isEmpty ? "telle quelle" : parts.joined(separator: ", "))
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a rule: an operation whose label holds PATTERN (case and accents aside) is renamed, filed, tagged or skipped.",
            discussion: "A rule for a pattern already there replaces it. Exit status: 0, 65 for a rule that changes nothing.")
        @Argument(help: "What the label holds.") var pattern: String
        @Option(help: "The name it takes in Pulpe.") var name: String?
        @Option(help: "The prévision it goes on (then checked).") var line: String?
        @Option(name: .customLong("tag"), help: "A tag (repeatable).") var tags: [String] = []
        @Flag(help: "Never import it.") var skip = false
        @OptionGroup var server: ServerFlags

        func run() async throws {
            let trimmed = pattern.trimmingCharacters(in: .whitespaces)
            guard !ImportMatcher.normalized(trimmed).isEmpty else {
                ShellServices.fail("Motif vide — the pattern has no letter or digit, nothing stored", status: ExitStatus.dataError)
            }
            guard skip || name != nil || line != nil || !tags.isEmpty else {
                ShellServices.fail("La règle ne change rien — give --name, --line, --tag or --skip, nothing stored", status: ExitStatus.dataError)
            }
            let app = try await ShellServices.start(server, outbox: .readOnly)
            var rules = await KeptImportRules.load(app: app).filter { ImportMatcher.normalized($0.pattern) != ImportMatcher.normalized(trimmed) }
            let rule = ImportRule(pattern: trimmed, name: name, line: line, tags: tags, skip: skip)
            rules.append(rule)
            await KeptImportRules.save(rules, app: app)
            ShellServices.say("Règle : " + List.text(rule))
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove the rule of a pattern.",
                                                        discussion: "Exit status: 0, 64 when no rule has that pattern.")
        @Argument(help: "The rule's pattern.") var pattern: String
        @OptionGroup var server: ServerFlags

        func run() async throws {
            let app = try await ShellServices.start(server, outbox: .readOnly)
            let rules = await KeptImportRules.load(app: app)
            let kept = rules.filter { ImportMatcher.normalized($0.pattern) != ImportMatcher.normalized(pattern) }
            guard kept.count < rules.count else {
                await app.stop()
                ShellServices.fail("Aucune règle « \(pattern) » — unknown pattern", status: ExitStatus.usage)
            }
            await KeptImportRules.save(kept, app: app)
            ShellServices.say("Règle « \(pattern) » retirée")
        }
    }
}
