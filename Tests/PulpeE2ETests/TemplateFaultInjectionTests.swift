import Foundation
import PulpeDomain
import PulpeStore
import PulpeTestSupport
import Testing

/// Decision 120's writes through faults and kills (§16.5): a seeded driver issues `count` line
/// writes on the demo's default template « Budget standard », one `pulpe template line …` at a
/// time — an amount raised or lowered, a line added, a line it added deleted, each with and without
/// `--propagate` — while the sandbox drops, fails and delays a share of the requests (a delayed
/// answer outlives `--wait 1`: the batch is on the server, its answer lost) and a share of the
/// processes are SIGKILLed at random moments. The driver keeps its model of the template (name →
/// amount) and of the lines each month from the current pay-day period on holds by name; a killed
/// `pulpe` left its write stored or not, and the driver finds out which from the outbox and the
/// server, as `OperationFaultInjectionTests` does. Whenever nothing waits, and at the end (faults
/// off, `pulpe sync` until « Rien en attente »): the template is the model, each line once; each
/// month ahead holds the model's lines once each, with the amount of the last propagated write;
/// the months before the current one, and the lines no template write touches, are as they were.
///
/// The sandbox's `created-500` and `created-drop` only ever hit `POST /transactions`
/// (`RoutePaths.isTransactionCreate`): the bulk route's lost answers come from `slow` and kills.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct TemplateFaultInjectionTests {
    static let count = 30
    static let seed: UInt64 = 120
    /// Share of the writes whose `pulpe` is SIGKILLed, after 0.05 … `latestKill` s.
    static let killRate = 0.3
    static let latestKill = 0.6
    static let faultKinds = ["500", "503", "drop", "created-500", "created-drop", "slow"]
    static let template = "Budget standard"
    static let prefix = "Panne modèle "
    /// When each write started, as the log's lines (UTC) say it.
    static let clock = {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss.SSS"
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter
    }()

    // MARK: The model

    /// One line write, as the driver issues it (lines by their exact name).
    enum Op: CustomStringConvertible {
        case edit(name: String, amount: Decimal, propagate: Bool)
        case add(name: String, amount: Decimal, propagate: Bool)
        case remove(name: String, propagate: Bool)

        var name: String {
            switch self {
            case let .edit(name, _, _), let .add(name, _, _), let .remove(name, _): name
            }
        }

        var propagate: Bool {
            switch self {
            case let .edit(_, _, propagate), let .add(_, _, propagate), let .remove(_, propagate): propagate
            }
        }

        var kind: String {
            let verb = switch self {
            case .edit: "edit"
            case .add: "add"
            case .remove: "rm"
            }
            return verb + (propagate ? " --propagate" : "")
        }

        var description: String {
            switch self {
            case let .edit(name, amount, _): "\(kind) « \(name) » \(amount)"
            case let .add(name, amount, _): "\(kind) « \(name) » \(amount)"
            case let .remove(name, _): "\(kind) « \(name) »"
            }
        }

        func arguments(api: [String]) -> [String] {
            let tail = (propagate ? ["--propagate"] : []) + ["--wait", "1"] + api
            switch self {
            case let .edit(name, amount, _): return ["template", "line", "edit", template, name, "--amount", "\(amount)"] + tail
            case let .add(name, amount, _): return ["template", "line", "add", template, name, "\(amount)"] + tail
            case let .remove(name, _): return ["template", "line", "rm", template, name] + tail
            }
        }
    }

    struct Model {
        /// The template's lines, by name.
        var template: [String: Decimal]
        /// Each month from the current one on (`YYYY-MM`): the lines made from the template it
        /// holds (and those a delete without propagation left behind), by name.
        var months: [String: [String: Decimal]]
        /// The last write applied to each line, for the reports.
        var lastWrite: [String: String] = [:]

        mutating func apply(_ op: Op, at index: Int) {
            lastWrite[op.name] = "#\(index) \(op)"
            switch op {
            case let .edit(name, amount, propagate):
                template[name] = amount
                // Only the months holding a line made from it follow: one added without
                // propagation is in none.
                guard propagate else { return }
                for key in months.keys where months[key]?[name] != nil { months[key]?[name] = amount }
            case let .add(name, amount, propagate):
                template[name] = amount
                guard propagate else { return }
                for key in months.keys { months[key]?[name] = amount }
            case let .remove(name, propagate):
                template[name] = nil
                guard propagate else { return }
                for key in months.keys { months[key]?[name] = nil }
            }
        }
    }

    /// A template line or a month's line as the admin listings give it.
    struct Row: Hashable, CustomStringConvertible {
        var id: String
        var name: String
        var amount: Decimal
        var month = ""
        var templateLineId: String?
        var adjusted = false
        var description: String { "\(month) \(name) \(amount)\(adjusted ? " (ajustée)" : "") \(id.prefix(8))" }
    }

    /// An amount from the listing's JSON number, to the cent (a Double on the way).
    static func decimal(_ value: Any?) -> Decimal {
        var parsed = Decimal(string: "\(value ?? "")") ?? -1
        var rounded = Decimal()
        NSDecimalRound(&rounded, &parsed, 2, .plain)
        return rounded
    }

    static func templateLines(port: Int, email: String) throws -> [Row] {
        try SandboxProcess.listing(port: port, email: email, of: "template-lines").filter { $0["template"] as? String == template }
            .map { Row(id: $0["id"] as? String ?? "", name: $0["name"] as? String ?? "", amount: decimal($0["amount"])) }
    }

    static func budgetLines(port: Int, email: String) throws -> [Row] {
        try SandboxProcess.listing(port: port, email: email, of: "budget-lines").map { line in
            Row(id: line["id"] as? String ?? "", name: line["name"] as? String ?? "", amount: decimal(line["amount"]),
                month: String(format: "%04d-%02d", line["year"] as? Int ?? 0, line["month"] as? Int ?? 0),
                templateLineId: line["templateLineId"] as? String, adjusted: line["isManuallyAdjusted"] as? Bool ?? false)
        }
    }

    /// Where the server differs from the model: the template (each line once, its amount), the
    /// months from `current` on (the tracked lines once each, linked to the template's line of
    /// their name while it is there, with the model's amount), and everything else as `untouched`.
    static func differences(template lines: [Row], months: [Row], model: Model, current: String, tracked: Set<String>,
                            untouched: [String]) -> [String] {
        var found: [String] = []
        let names = lines.map(\.name)
        let doubled = Set(names.filter { name in names.count { $0 == name } > 1 })
        if !doubled.isEmpty { found.append("in the template twice: \(doubled.sorted())") }
        let held = Dictionary(lines.map { ($0.name, $0.amount) }, uniquingKeysWith: { first, _ in first })
        for (name, amount) in model.template.sorted(by: { $0.key < $1.key }) where held[name] != amount {
            found.append("template « \(name) »: \(held[name].map { "\($0)" } ?? "missing") instead of \(amount) "
                         + "(\(model.lastWrite[name] ?? "demo"))")
        }
        for name in held.keys.sorted() where model.template[name] == nil {
            found.append("template « \(name) » \(held[name]!) is there (\(model.lastWrite[name] ?? "never written"))")
        }
        let ids = Dictionary(lines.map { ($0.name, $0.id) }, uniquingKeysWith: { first, _ in first })
        let isTracked = { (row: Row) in row.month >= current && (tracked.contains(row.name) || row.name.hasPrefix(prefix)) }
        for (month, meant) in model.months.sorted(by: { $0.key < $1.key }) {
            let rows = months.filter { $0.month == month && isTracked($0) }
            let monthNames = rows.map(\.name)
            let twice = Set(monthNames.filter { name in monthNames.count { $0 == name } > 1 })
            if !twice.isEmpty { found.append("\(month): twice \(twice.sorted())") }
            let holds = Dictionary(rows.map { ($0.name, $0.amount) }, uniquingKeysWith: { first, _ in first })
            for (name, amount) in meant.sorted(by: { $0.key < $1.key }) where holds[name] != amount {
                found.append("\(month) « \(name) »: \(holds[name].map { "\($0)" } ?? "missing") instead of \(amount) "
                             + "(\(model.lastWrite[name] ?? "demo"))")
            }
            for name in holds.keys.sorted() where meant[name] == nil {
                found.append("\(month) « \(name) » \(holds[name]!) is there (\(model.lastWrite[name] ?? "never written"))")
            }
            for row in rows where row.adjusted { found.append("\(month) « \(row.name) » is marked adjusted by hand") }
            for row in rows where model.template[row.name] != nil && row.templateLineId != ids[row.name] {
                found.append("\(month) « \(row.name) » is linked to \(row.templateLineId ?? "nothing"), not to the template's line")
            }
        }
        let others = Self.untouched(months.filter { !isTracked($0) })
        if others != untouched {
            found.append("lines no template write touches changed: "
                         + "\(Set(untouched).subtracting(others).sorted()) → \(Set(others).subtracting(untouched).sorted())")
        }
        return found
    }

    /// The months' lines as text, to compare a before and an after.
    static func untouched(_ rows: [Row]) -> [String] {
        rows.map { "\($0.month) \($0.id) \($0.name) \($0.amount) \($0.templateLineId ?? "-") \($0.adjusted)" }.sorted()
    }

    /// The template as it will be once what waits (oldest first) reaches the server: the
    /// server's lines with the batches applied, as the sandbox would. A create whose line is
    /// there already is one a killed or timed-out send landed (names are unique here): the
    /// replay reads the template back and does not send it again.
    static func eventual(_ lines: [Row], waiting: [WriteOperation], templateId: String) -> [Row] {
        var rows = lines
        for operation in waiting {
            guard case let .editTemplateLines(id, batch, _, _) = operation, id == templateId else { continue }
            for change in batch.update {
                for index in rows.indices where rows[index].id == change.id {
                    if let amount = change.amount { rows[index].amount = amount }
                    if let name = change.name { rows[index].name = name }
                }
            }
            for new in batch.create where !rows.contains(where: { $0.name == new.name }) {
                rows.append(Row(id: "", name: new.name, amount: new.amount))
            }
            rows.removeAll { batch.delete.contains($0.id) }
        }
        return rows
    }

    /// Whether `op` is in `rows` (the template as it will be): every drawn write changes its line.
    static func isIn(_ op: Op, _ rows: [Row]) -> Bool {
        switch op {
        case let .edit(name, amount, _): rows.contains { $0.name == name && $0.amount == amount }
        case let .add(name, _, _): rows.contains { $0.name == name }
        case let .remove(name, _): !rows.contains { $0.name == name }
        }
    }

    static let kinds = ["edit", "edit --propagate", "add", "add --propagate", "rm", "rm --propagate"]

    /// The next write: an amount changed on any line the server holds, a line added, or one the
    /// driver added (and the server holds) deleted — each with and without `--propagate`; a kind
    /// in `owed` (not drawn yet) first, when it can be. Lines whose creation still waits are left
    /// alone: they have no id yet, and the verbs answer 64.
    static func draw(_ model: Model, held: Set<String>, index: Int, owed: Set<String>, using random: inout SplitMix64) -> Op {
        let editable = model.template.keys.filter(held.contains).sorted()
        let added = editable.filter { $0.hasPrefix(prefix) }
        let addWeight = model.template.keys.count { $0.hasPrefix(prefix) } < 8 ? 3 : 1
        let weights = ["edit": editable.isEmpty ? 0 : 5, "add": addWeight, "rm": added.isEmpty ? 0 : 3]
        let table = kinds.map { ($0, weights[String($0.prefix { $0 != " " })] ?? 0) }
        let owing = table.filter { owed.contains($0.0) && $0.1 > 0 }
        let drawnFrom = owing.isEmpty ? table : owing
        var pick = Int.random(in: 0..<drawnFrom.reduce(0) { $0 + $1.1 }, using: &random)
        let kind = drawnFrom.first { entry in
            pick -= entry.1
            return pick < 0
        }?.0 ?? "add"
        let propagate = kind.hasSuffix(" --propagate")
        switch kind.prefix(while: { $0 != " " }) {
        case "edit":
            let name = editable.randomElement(using: &random)!
            return .edit(name: name, amount: amount(using: &random, different: model.template[name]), propagate: propagate)
        case "rm":
            return .remove(name: added.randomElement(using: &random)!, propagate: propagate)
        default:
            return .add(name: "\(prefix)\(index)", amount: amount(using: &random), propagate: propagate)
        }
    }

    static func amount(using random: inout SplitMix64, different from: Decimal? = nil) -> Decimal {
        while true {
            let value = Decimal(sign: .plus, exponent: -2, significand: Decimal(Int.random(in: 100...299_999, using: &random)))
            if value != from { return value }
        }
    }

    /// What an exit says about the write: stored (0 sent, 75 queued), not stored (64 no such
    /// line, 69 nothing to read the templates from, « Rien à modifier »), or unknown (killed,
    /// refused, anything else). A `--propagate` says the months first: « Envoyée » or « En
    /// attente » follows.
    static func verdict(_ run: OperationFaultInjectionTests.Run) -> OperationFaultInjectionTests.Verdict {
        if run.killed { return .unknown }
        switch run.status {
        case 0 where run.out.contains("Envoyée : "): return .stored
        case 0 where run.out.contains("Rien à modifier"): return .notStored
        case 75 where run.out.contains("En attente : "): return .stored
        case 64, 69: return .notStored
        default: return .unknown
        }
    }

    // MARK: The run

    @Test func templateLineWritesLandOnceAndTheMonthsAheadFollowThroughFaultsAndKills() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-template-faults")
        defer { home.remove() }
        let data = try TemporaryDirectory(prefix: "pulpe-template-faults-server")
        defer { data.remove() }
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port, dataDir: data.path, arguments: ["--seed", "\(Self.seed)"])
        defer { server.stop() }
        let api = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        let email = try OutboxFaultInjectionTests.demoSession(port: port, home: home.path)
        let pulpe = { (arguments: [String], killAfter: Double?) in
            OperationFaultInjectionTests.pulpe(arguments + api, home: home.path, killAfter: killAfter)
        }
        // The replica, which a `--propagate` lists the months it will change from.
        let synced = pulpe(["sync"], nil)
        #expect(synced.status == 0, "\(synced)")

        // The current pay-day period, as the client and the sandbox count it (pay day 25).
        let month = pulpe(["month", "--json"], nil)
        let monthJSON = try #require(try JSONSerialization.jsonObject(with: Data(month.out.utf8)) as? [String: Any], "\(month)")
        let current = try #require(monthJSON["month"] as? String)
        let demoLines = try Self.templateLines(port: port, email: email)
        let templateId = try #require(try SandboxProcess.listing(port: port, email: email, of: "template-lines")
            .first { $0["template"] as? String == Self.template }?["templateId"] as? String)
        let tracked = Set(demoLines.map(\.name))
        let before = try Self.budgetLines(port: port, email: email)
        var model = Model(template: Dictionary(uniqueKeysWithValues: demoLines.map { ($0.name, $0.amount) }), months: [:])
        for row in before where row.month >= current && tracked.contains(row.name) {
            #expect(model.months[row.month]?[row.name] == nil, "the demo's \(row.month) holds « \(row.name) » twice")
            model.months[row.month, default: [:]][row.name] = row.amount
        }
        #expect(model.months.count >= 2 && model.months.values.allSatisfy { $0.count == tracked.count },
                "the demo's months from \(current) on are made from the template: \(model.months.mapValues(\.count))")
        let untouched = Self.untouched(before.filter { !($0.month >= current && tracked.contains($0.name)) })
        let check = { (model: Model) throws -> [String] in
            try Self.differences(template: Self.templateLines(port: port, email: email), months: Self.budgetLines(port: port, email: email),
                                 model: model, current: current, tracked: tracked, untouched: untouched)
        }

        let outbox = try SealedHome.outbox(home: home.path)
        let userId = try OperationFaultInjectionTests.ServerReader(port: port, home: home.path).session().session.user.id
        let scope = CacheScope(serverKey: "http://127.0.0.1:\(port)/api/v1", userId: userId)
        try server.setFaults(rate: 0.3, kinds: Self.faultKinds)
        var random = SplitMix64(seed: Self.seed)
        /// Every write with what its run said, printed when the run fails (the seed draws the
        /// writes — from what the server holds — not what they meet).
        var history: [String] = []
        var byKind: [String: Int] = [:]
        var statuses: [String: Int] = [:]
        var kills = 0
        var foundStored = 0
        var foundNotStored = 0
        var settledChecks = 0
        var unknownTargets: [String] = []
        var orphanedClaims: Set<String> = []
        var durations: [Double] = []
        var failedMidRun = false
        let started = Date()

        for index in 1...Self.count {
            let held = try Self.templateLines(port: port, email: email)
            let owed = index > Self.count / 2 ? Set(Self.kinds).subtracting(byKind.keys) : []
            let op = Self.draw(model, held: Set(held.map(\.name)), index: index, owed: owed, using: &random)
            let killAfter = Double.random(in: 0...1, using: &random) < Self.killRate
                ? Double.random(in: 0.05...Self.latestKill, using: &random) : nil
            let at = Self.clock.string(from: Date())
            let run = pulpe(op.arguments(api: []), killAfter)
            byKind[op.kind, default: 0] += 1
            statuses[run.killed ? "killed" : "\(run.status)", default: 0] += 1
            history.append("#\(index) \(at) \(op) → \(run.killed ? "killed after \(String(format: "%.2f", killAfter ?? 0)) s" : "\(run.status)")")
            if run.killed { kills += 1 } else { durations.append(run.seconds) }
            switch Self.verdict(run) {
            case .stored:
                model.apply(op, at: index)
            case .notStored:
                history.append("  not stored: \(run.out.prefix(120)) \(run.err.prefix(200))")
                if run.status == 64, held.contains(where: { $0.name == op.name }) {
                    // The client's own view of the template (the replica, no request): does it know the line?
                    let kept = pulpe(["template", "show", Self.template, "--json"], nil).out
                    unknownTargets.append("#\(index) \(at) \(op): the server holds it; the template kept here "
                                          + (kept.contains("\"\(op.name)\"") ? "has it" : "lacks it") + "; \(run.err.prefix(60))")
                }
            case .unknown:
                if !run.killed { Issue.record("#\(index) \(op): unexpected exit \(run.status): \(run.out) \(run.err)") }
                // No `pulpe` runs now: what waits in the outbox, then what the server holds, is
                // what the server will hold — the killed write stored is in it, or it is not.
                let waiting = try outbox.items(scope: scope)
                orphanedClaims.formUnion(waiting.filter { $0.claim != nil }.map(\.id))
                for item in waiting where item.state != .pending { Issue.record("#\(index): refused in the outbox: \(item)") }
                let eventual = Self.eventual(try Self.templateLines(port: port, email: email),
                                             waiting: waiting.filter { $0.state == .pending }.map(\.operation), templateId: templateId)
                if Self.isIn(op, eventual) {
                    model.apply(op, at: index)
                    foundStored += 1
                    history.append("  found stored")
                } else {
                    foundNotStored += 1
                    history.append("  found not stored")
                }
                let names = eventual.map(\.name)
                let meant = model.template.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
                let will = eventual.map { "\($0.name) \($0.amount)" }.sorted()
                if will != meant || Set(names).count != names.count { failedMidRun = true }
                let gap = "\(Set(will).subtracting(meant).sorted()), meant \(Set(meant).subtracting(will).sorted())"
                #expect(will == meant && Set(names).count == names.count, "after #\(index), the outbox and the server will end as \(gap)")
            }
            // Nothing waits: everything written landed — the server is the model now.
            if try outbox.totalCount() == 0 {
                settledChecks += 1
                let found = try check(model)
                #expect(found.isEmpty, "after #\(index), nothing waiting, the server differs:\n\(found.joined(separator: "\n"))")
                if !found.isEmpty {
                    failedMidRun = true
                    break
                }
            }
        }
        let driven = Date().timeIntervalSince(started)

        // Faults off: `pulpe sync` until nothing is left.
        try server.setFaults(rate: 0, kinds: ["500"])
        var syncs = 0
        var pending = OperationFaultInjectionTests.Run(status: -1, out: "", err: "", killed: false)
        while syncs < 20 {
            syncs += 1
            let sync = pulpe(["sync"], nil)
            pending = pulpe(["pending"], nil)
            if pending.out == "Rien en attente\n" { break }
            history.append("sync \(syncs) → \(sync.status); pending: \(pending.out.prefix(300))")
            Thread.sleep(forTimeInterval: 0.2)
        }
        #expect(pending.out == "Rien en attente\n", "pulpe pending after \(syncs) syncs: \(pending)")
        let json = pulpe(["pending", "--json"], nil)
        #expect(json.status == 0 && json.out.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "\(json)")
        #expect(try outbox.totalCount() == 0, "the outbox file is empty")

        let found = try check(model)
        #expect(found.isEmpty, "the server differs from what was meant:\n\(found.joined(separator: "\n"))")
        // A verb that did not find its target stored nothing (the model holds), but the line was on
        // the server — made by this client. Found by this test, not fixed yet: a batch sent whose
        // read-back of the templates fails (a fault, or `--wait` ending it: « templates: cancelled »)
        // leaves the templates kept here as they were before it, and it leaves the outbox — a line
        // added is then in neither (a line deleted is in the kept copy still): when the next verb's
        // read of the templates fails too, the kept copy is used, and the line is « Introuvable ».
        #expect(unknownTargets.isEmpty, "answered 64 « Introuvable » for a line the server holds:\n\(unknownTargets.joined(separator: "\n"))")

        let log = (try? String(contentsOfFile: home.path + "/.local/state/pulpe/pulpe.log", encoding: .utf8)) ?? ""
        let logLines = log.split(separator: "\n")
        func ids(_ marker: String) -> Set<String> {
            Set(logLines.filter { $0.contains(marker) }.compactMap { line in
                line.range(of: #"id=[0-9a-f-]{36}"#, options: .regularExpression).map { String(line[$0].dropFirst(3)) }
            })
        }
        // A replay: a batch sent again after a send failed, lost its answer or was killed.
        let replays = ids("outbox: sent").intersection(ids("outbox: send failed").union(orphanedClaims)).count
        // A lost answer: a batch the server applied while its sender gave up (`slow` holds the answer
        // past `--wait 1`), sent again later — its replay reads the template back first.
        let lost = ids("outbox: sent").intersection(ids("send failed error=cancelled: POST")).count
        #expect(kills > 0, "no write was killed")
        #expect(replays > 0, "no write was sent again after a failed send or a kill")
        #expect(Set(Self.kinds).subtracting(byKind.keys).isEmpty, "kinds never drawn: \(Set(Self.kinds).subtracting(byKind.keys).sorted())")
        if failedMidRun || !found.isEmpty || !unknownTargets.isEmpty || pending.out != "Rien en attente\n" {
            print("template fault injection, every run:\n" + history.joined(separator: "\n"))
        }
        let median = durations.sorted().dropFirst(durations.count / 2).first ?? 0
        print("template fault injection: \(Self.count) writes "
              + "(\(byKind.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))), "
              + "\(kills) kills (\(foundStored) found stored, \(foundNotStored) not), \(replays) replays (\(lost) after a lost answer), "
              + "exits \(statuses.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: " ")), "
              + "\(settledChecks) checks with nothing waiting, median run \(String(format: "%.2f", median)) s, "
              + "\(model.template.count) template lines, \(model.months.count) months from \(current), \(syncs) pulpe sync runs, "
              + "\(String(format: "%.1f", driven)) s driving, \(String(format: "%.1f", Date().timeIntervalSince(started))) s in all")
    }
}
