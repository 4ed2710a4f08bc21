import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PulpeDomain
import PulpeNetworking
import PulpeStore
import Synchronization
import PulpeTestSupport
import Testing

/// Decision 46, the fault-injection run widened to every kind of write: a seeded driver issues
/// `count` operations through the shell verbs — expenses free and on prévisions (`add --line`),
/// amount and name edits, deletes, checks and unchecks, prévisions created, adjusted, renamed,
/// their kind and recurrence changed (§15.5), fitted to their expenses (`line fit`), deleted,
/// checked — `lanes` at a time, while the sandbox drops, delays and fails a share of the
/// requests, now and then goes into maintenance for a few batches (every verb is then stored from
/// the cache and waits, so later ones are coalesced with it), and the client is SIGKILLed at
/// random moments. The driver keeps its own model of what the user meant (the seed draws the
/// operations; what they meet — faults, kill timing — is not reproducible); a killed `pulpe` left
/// its operation stored or not, and the driver finds out which from the outbox and the server
/// (what they will hold once everything waiting is sent), as `OutboxFaultInjectionTests` does for
/// quick-adds — and checks, each time it looks, that they will hold exactly the model. At the end,
/// faults off and `pulpe sync` until it says nothing is left: the server's transactions and
/// prévisions of the month are the model — same items, names, amounts, checks and prévision of
/// each, none twice — and `pulpe pending --json` is `[]`.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct OperationFaultInjectionTests {
    /// Tuned for a 2-core machine: 55 … 70 s for the whole run (faults, kills and the final sync).
    static let count = 200
    /// Operations on distinct items run at once (each one a `pulpe` process).
    static let lanes = 6
    static let seed: UInt64 = 23
    /// Share of operations whose `pulpe` is SIGKILLed, after 0.05 … `latestKill` s.
    static let killRate = 0.3
    static let latestKill = 0.6
    /// Chance that a batch starts a maintenance spell of 1 … 3 batches: the gate is closed, every
    /// verb is stored from the cache and waits, so later ones are folded into what waits.
    static let maintenanceRate = 0.15

    // MARK: The model

    /// A transaction the driver made, as the user means it now.
    struct Expense: Hashable, CustomStringConvertible {
        var name: String
        var amount: Decimal
        var checked: Bool
        /// The key of its prévision; nil: free.
        var line: Int?
        /// The tags it was added with (`--tag`, names as typed: letter case varies).
        var tags: [String] = []
        var description: String { "\(name) \(amount)\(checked ? " ✓" : "")\(line.map { " on #\($0)" } ?? "")" }
    }

    /// A prévision the driver made.
    struct Envelope: Hashable, CustomStringConvertible {
        var name: String
        var amount: Decimal
        var checked: Bool
        /// `pulpe line add` makes an expense, one-off (§15.5: both change with `line edit`).
        var kind: TransactionKind = .expense
        var recurrence: Recurrence = .oneOff
        var description: String { "\(name) \(amount)\(checked ? " ✓" : "") \(kind.rawValue) \(recurrence.rawValue)" }
    }

    struct Model {
        var expenses: [Int: Expense] = [:]
        /// Expenses moved to next month: out of this one, still once in the account.
        var postponed: [Int: Expense] = [:]
        var envelopes: [Int: Envelope] = [:]
        var nextKey = 0
        var renames = 0

        mutating func key() -> Int {
            nextKey += 1
            return nextKey
        }

        mutating func apply(_ op: Op) {
            switch op {
            case let .add(key, name, amount, checked, line, tags):
                expenses[key] = Expense(name: name, amount: amount, checked: checked, line: line, tags: tags)
            case let .edit(key, amount, name):
                if let amount { expenses[key]?.amount = amount }
                if let name { expenses[key]?.name = name }
            case let .setChecked(key, checked):
                expenses[key]?.checked = checked
            case let .remove(key):
                expenses[key] = nil
            case let .lineAdd(key, name, amount):
                envelopes[key] = Envelope(name: name, amount: amount, checked: false)
            case let .lineEdit(key, amount, name):
                if let amount { envelopes[key]?.amount = amount }
                if let name { envelopes[key]?.name = name }
            case let .lineRemove(key):
                envelopes[key] = nil
                // Its transactions stay, free (docs/contract.md §14.3).
                for (expenseKey, expense) in expenses where expense.line == key { expenses[expenseKey]?.line = nil }
            case let .lineSetChecked(key, checked):
                envelopes[key]?.checked = checked
            case let .lineShape(key, kind, recurrence):
                if let kind { envelopes[key]?.kind = kind }
                if let recurrence { envelopes[key]?.recurrence = recurrence }
            case let .lineFit(key, amount, _):
                envelopes[key]?.amount = amount
            case let .postpone(key):
                postponed[key] = expenses[key]
                expenses[key] = nil
            }
        }

        /// What the server should list, by name: transactions (amount, checked, prévision name) and prévisions.
        var expected: Shown {
            Shown(transactions: Dictionary(uniqueKeysWithValues: expenses.values.map { expense in
                      (expense.name, Shown.Row(amount: expense.amount, checked: expense.checked,
                                               line: expense.line.flatMap { envelopes[$0]?.name }))
                  }),
                  lines: Dictionary(uniqueKeysWithValues: envelopes.values.map {
                      ($0.name, Shown.Line(amount: $0.amount, checked: $0.checked, kind: $0.kind, recurrence: $0.recurrence))
                  }))
        }
    }

    /// One write, as the driver issues it (keys are the driver's; targets are exact names).
    enum Op: CustomStringConvertible {
        case add(key: Int, name: String, amount: Decimal, checked: Bool, line: Int?, tags: [String] = [])
        /// `pulpe postpone`: a free, unchecked expense moved to next month (§15.3: not idempotent on
        /// the server — a replay must never move it twice).
        case postpone(key: Int)
        case edit(key: Int, amount: Decimal?, name: String?)
        case setChecked(key: Int, checked: Bool)
        case remove(key: Int)
        case lineAdd(key: Int, name: String, amount: Decimal)
        case lineEdit(key: Int, amount: Decimal?, name: String?)
        case lineRemove(key: Int)
        case lineSetChecked(key: Int, checked: Bool)
        /// A prévision's kind and/or recurrence (§15.5; the kind only while nothing is on it).
        case lineShape(key: Int, kind: TransactionKind?, recurrence: Recurrence?)
        /// `pulpe line fit`: the prévision's amount set to what the expenses `on` it add up to
        /// (`amount`, the model's sum when drawn; those expenses are in its footprint).
        case lineFit(key: Int, amount: Decimal, on: [Int])

        var kind: String {
            switch self {
            case let .add(_, _, _, _, line, tags): line != nil ? "add --line" : tags.isEmpty ? "add" : "add --tag"
            case let .edit(_, amount, _): amount == nil ? "edit --name" : "edit --amount"
            case let .setChecked(_, checked): checked ? "check" : "uncheck"
            case .remove: "rm"
            case .lineAdd: "line add"
            case let .lineEdit(_, amount, _): amount == nil ? "line edit --name" : "line edit --amount"
            case .lineRemove: "line rm"
            case let .lineSetChecked(_, checked): checked ? "line check" : "line uncheck"
            case let .lineShape(_, kind, _): kind == nil ? "line edit --recurrence" : "line edit --kind"
            case .lineFit: "line fit"
            case .postpone: "postpone"
            }
        }

        /// The items it touches: no two operations of a batch share one, so their order does not matter.
        var footprint: Set<String> {
            switch self {
            case let .add(key, _, _, _, line, _): Set(["t\(key)"] + (line.map { ["l\($0)"] } ?? []))
            case let .edit(key, _, _), let .setChecked(key, _), let .remove(key), let .postpone(key): ["t\(key)"]
            case let .lineAdd(key, _, _), let .lineEdit(key, _, _), let .lineRemove(key), let .lineSetChecked(key, _),
                 let .lineShape(key, _, _):
                ["l\(key)"]
            case let .lineFit(key, _, on): Set(["l\(key)"] + on.map { "t\($0)" })
            }
        }

        var description: String {
            switch self {
            case let .add(key, name, amount, checked, line, tags):
                "add #\(key) « \(name) » \(amount)\(checked ? "" : " unchecked")\(line.map { " on #\($0)" } ?? "")"
                    + tags.map { " #\($0)" }.joined()
            case let .edit(key, amount, name): "edit #\(key)\(amount.map { " amount \($0)" } ?? "")\(name.map { " name « \($0) »" } ?? "")"
            case let .setChecked(key, checked): "\(checked ? "check" : "uncheck") #\(key)"
            case let .remove(key): "rm #\(key)"
            case let .lineAdd(key, name, amount): "line add #\(key) « \(name) » \(amount)"
            case let .lineEdit(key, amount, name):
                "line edit #\(key)\(amount.map { " amount \($0)" } ?? "")\(name.map { " name « \($0) »" } ?? "")"
            case let .lineRemove(key): "line rm #\(key)"
            case let .lineSetChecked(key, checked): "line \(checked ? "check" : "uncheck") #\(key)"
            case let .lineShape(key, kind, recurrence):
                "line edit #\(key)\(kind.map { " kind \($0.rawValue)" } ?? "")\(recurrence.map { " recurrence \($0.rawValue)" } ?? "")"
            case let .lineFit(key, amount, _): "line fit #\(key) → \(amount)"
            case let .postpone(key): "postpone #\(key)"
            }
        }
    }

    /// The transactions and prévisions of the test (by name), as the server holds them or will.
    struct Shown: Equatable, CustomStringConvertible {
        struct Row: Equatable {
            var amount: Decimal
            var checked: Bool
            /// Its prévision's name; nil: free.
            var line: String?
        }

        struct Line: Equatable {
            var amount: Decimal
            var checked: Bool
            var kind: TransactionKind
            var recurrence: Recurrence
        }

        var transactions: [String: Row]
        var lines: [String: Line]
        /// Names held more than once.
        var doubled: [String] = []

        var description: String {
            let rows = transactions.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.amount)\($0.value.checked ? "✓" : "")@\($0.value.line ?? "-")" }
            let lines = lines.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.amount)\($0.value.checked ? "✓" : "")" }
            return "transactions [\(rows.joined(separator: ", "))] prévisions [\(lines.joined(separator: ", "))]"
                + (doubled.isEmpty ? "" : " doubled \(doubled)")
        }

        /// Each difference from `expected`, in words.
        func differences(from expected: Shown) -> [String] {
            var found: [String] = doubled.map { "« \($0) » held more than once" }
            for name in Set(transactions.keys).union(expected.transactions.keys).sorted() where transactions[name] != expected.transactions[name] {
                found.append("transaction « \(name) »: \(describe(transactions[name])) instead of \(describe(expected.transactions[name]))")
            }
            for name in Set(lines.keys).union(expected.lines.keys).sorted() where lines[name] != expected.lines[name] {
                found.append("prévision « \(name) »: \(describe(lines[name])) instead of \(describe(expected.lines[name]))")
            }
            return found
        }

        private func describe(_ row: Row?) -> String {
            row.map { "\($0.amount)\($0.checked ? " ✓" : "") on \($0.line ?? "nothing")" } ?? "absent"
        }

        private func describe(_ line: Line?) -> String {
            line.map { "\($0.amount)\($0.checked ? " ✓" : "") \($0.kind.rawValue) \($0.recurrence.rawValue)" } ?? "absent"
        }
    }

    static let expensePrefix = "Essai "
    /// Tag names that collide case aside: « Vacances » and « vacances » are one tag (§15.2).
    static let tagPool = ["Vacances", "vacances", "Resto", "RESTO", "Maison"]
    static let envelopePrefix = "Enveloppe "
    /// Every kind the run must draw at least once (an uncheck is drawn only on what a check reached
    /// first: not required); the second half of the run draws first those not drawn yet.
    static let drawable = ["add", "add --tag", "add --line", "edit --amount", "edit --name", "check", "rm", "line add",
                           "line edit --amount", "line edit --name", "line rm", "line check", "postpone",
                           "line edit --recurrence", "line edit --kind"]

    // MARK: The driver

    /// Picks the next batch: up to `lanes` operations on distinct items, drawn by weight.
    /// `missing`: the kinds the run must still draw; once half the run is issued they are drawn first
    /// (wherever their item exists), so a run whose kills left few targets still exercises each kind.
    static func batch(_ model: inout Model, using random: inout SplitMix64, limit: Int, missing: Set<String> = []) -> [Op] {
        var ops: [Op] = []
        var used: Set<String> = []
        var attempts = 0
        while ops.count < min(lanes, limit), attempts < 60 {
            attempts += 1
            guard let op = draw(&model, using: &random, avoiding: used, preferring: missing) else { continue }
            guard op.footprint.isDisjoint(with: used) else { continue }
            used.formUnion(op.footprint)
            ops.append(op)
        }
        return ops
    }

    static func amount(using random: inout SplitMix64, different from: Decimal? = nil) -> Decimal {
        while true {
            let cents = Int.random(in: 100...99_999, using: &random)
            let value = Decimal(sign: .plus, exponent: -2, significand: Decimal(cents))
            if value != from { return value }
        }
    }

    static func draw(_ model: inout Model, using random: inout SplitMix64, avoiding used: Set<String>,
                     preferring preferred: Set<String> = []) -> Op? {
        let expenses = model.expenses.keys.sorted().filter { !used.contains("t\($0)") }
        let envelopes = model.envelopes.keys.sorted().filter { !used.contains("l\($0)") }
        // Postponed: only a free expense not checked off (the others are refused before storing).
        let movable = expenses.filter { model.expenses[$0]?.line == nil && model.expenses[$0]?.checked == false }
        // A kind change is refused while the prévision has transactions (§15.5): drawn on bare ones.
        let bare = envelopes.filter { key in !model.expenses.values.contains { $0.line == key } }
        // Fitted: a prévision with expenses on it (none of them in the batch yet) adding up to
        // another amount than its own (else refused, or nothing to change).
        func sum(_ key: Int) -> (Decimal, [Int]) {
            let on = model.expenses.filter { $0.value.line == key }
            return (on.values.reduce(Decimal(0)) { $0 + $1.amount }, on.keys.sorted())
        }
        let fittable = envelopes.filter { key in
            let (total, on) = sum(key)
            return !on.isEmpty && total != model.envelopes[key]?.amount && on.allSatisfy { !used.contains("t\($0)") }
        }
        // Weights: creates first while there is little to act on.
        let table: [(String, Int)] = [
            ("add", expenses.count < 6 ? 30 : 14), ("add --line", envelopes.isEmpty ? 0 : 12),
            ("edit --amount", expenses.isEmpty ? 0 : 12), ("edit --name", expenses.isEmpty ? 0 : 5),
            ("check", expenses.isEmpty ? 0 : 14), ("rm", expenses.count < 4 ? 0 : 7),
            ("line add", model.envelopes.count >= 8 ? 0 : (model.envelopes.count < 2 ? 20 : 7)),
            ("line edit --amount", envelopes.isEmpty ? 0 : 7), ("line edit --name", envelopes.isEmpty ? 0 : 3),
            ("line rm", envelopes.count < 3 ? 0 : 4), ("line check", envelopes.isEmpty ? 0 : 7),
            ("postpone", movable.isEmpty ? 0 : 6),
            ("line edit --recurrence", envelopes.isEmpty ? 0 : 4), ("line edit --kind", bare.isEmpty ? 0 : 9),
            ("line fit", fittable.isEmpty ? 0 : 5),
        ]
        // A tagged add is an add whose tags are drawn: possible wherever an add is.
        let withTagged = table + [("add --tag", preferred.contains("add --tag") ? 1 : 0)]
        let owed = withTagged.filter { preferred.contains($0.0) && $0.1 > 0 }
        let drawnFrom = owed.isEmpty ? table : owed
        var pick = Int.random(in: 0..<drawnFrom.reduce(0) { $0 + $1.1 }, using: &random)
        let kind = drawnFrom.first { entry in
            pick -= entry.1
            return pick < 0
        }?.0 ?? "add"
        switch kind {
        case "add", "add --line", "add --tag":
            let line = kind == "add --line" ? envelopes.randomElement(using: &random) : nil
            let key = model.key()
            // A third of the free ones tagged, from names that collide case aside (§15.2): each tag
            // must end on the server once, each expense with exactly its tags.
            let tags = line == nil && (kind == "add --tag" || Int.random(in: 0..<3, using: &random) == 0)
                ? Array(Set((0..<Int.random(in: 1...2, using: &random)).map { _ in tagPool.randomElement(using: &random)! })).sorted() : []
            return .add(key: key, name: "\(expensePrefix)\(key)", amount: amount(using: &random),
                        checked: Bool.random(using: &random), line: line, tags: tags)
        case "edit --amount":
            guard let key = expenses.randomElement(using: &random), let expense = model.expenses[key] else { return nil }
            return .edit(key: key, amount: amount(using: &random, different: expense.amount), name: nil)
        case "edit --name":
            guard let key = expenses.randomElement(using: &random) else { return nil }
            model.renames += 1
            return .edit(key: key, amount: nil, name: "\(expensePrefix)\(key) r\(model.renames)")
        case "check":
            guard let key = expenses.randomElement(using: &random), let expense = model.expenses[key] else { return nil }
            return .setChecked(key: key, checked: !expense.checked)
        case "rm":
            return expenses.randomElement(using: &random).map { .remove(key: $0) }
        case "line add":
            let key = model.key()
            return .lineAdd(key: key, name: "\(envelopePrefix)\(key)", amount: amount(using: &random))
        case "line edit --amount":
            guard let key = envelopes.randomElement(using: &random), let envelope = model.envelopes[key] else { return nil }
            return .lineEdit(key: key, amount: amount(using: &random, different: envelope.amount), name: nil)
        case "line edit --name":
            guard let key = envelopes.randomElement(using: &random) else { return nil }
            model.renames += 1
            return .lineEdit(key: key, amount: nil, name: "\(envelopePrefix)\(key) r\(model.renames)")
        case "line rm":
            return envelopes.randomElement(using: &random).map { .lineRemove(key: $0) }
        case "postpone":
            return movable.randomElement(using: &random).map { .postpone(key: $0) }
        case "line edit --recurrence":
            guard let key = envelopes.randomElement(using: &random), let envelope = model.envelopes[key] else { return nil }
            return .lineShape(key: key, kind: nil, recurrence: envelope.recurrence == .fixed ? .oneOff : .fixed)
        case "line fit":
            guard let key = fittable.randomElement(using: &random) else { return nil }
            let (total, on) = sum(key)
            return .lineFit(key: key, amount: total, on: on)
        case "line edit --kind":
            guard let key = bare.randomElement(using: &random), let envelope = model.envelopes[key] else { return nil }
            let kind = [TransactionKind.expense, .income, .saving].filter { $0 != envelope.kind }.randomElement(using: &random)!
            // Now and then with its recurrence in the same edit, as the web sends every field.
            let recurrence: Recurrence? = Bool.random(using: &random) ? (envelope.recurrence == .fixed ? .oneOff : .fixed) : nil
            return .lineShape(key: key, kind: kind, recurrence: recurrence)
        default:
            guard let key = envelopes.randomElement(using: &random), let envelope = model.envelopes[key] else { return nil }
            return .lineSetChecked(key: key, checked: !envelope.checked)
        }
    }

    /// The `pulpe` arguments of `op` (targets by their exact name in the model).
    static func arguments(_ op: Op, model: Model, api: [String]) -> [String] {
        let wait = ["--wait", "1"]
        func expense(_ key: Int) -> String { model.expenses[key]?.name ?? "?" }
        func envelope(_ key: Int) -> String { model.envelopes[key]?.name ?? "?" }
        func text(_ amount: Decimal) -> String { "\(amount)" }
        switch op {
        case let .add(_, name, amount, checked, line, tags):
            // The description takes the rest of the line: options first.
            return ["add"] + api + wait + (checked ? [] : ["--unchecked"]) + (line.map { ["--line", envelope($0)] } ?? [])
                + tags.flatMap { ["--tag", $0] }
                + [text(amount), name]
        case let .edit(key, amount, name):
            return ["edit", expense(key)] + (amount.map { ["--amount", text($0)] } ?? []) + (name.map { ["--name", $0] } ?? [])
                + wait + api
        case let .setChecked(key, checked):
            return [checked ? "check" : "uncheck", expense(key)] + wait + api
        case let .remove(key):
            return ["rm", expense(key)] + wait + api
        case let .lineAdd(_, name, amount):
            return ["line", "add", name, text(amount)] + wait + api
        case let .lineEdit(key, amount, name):
            return ["line", "edit", envelope(key)] + (amount.map { ["--amount", text($0)] } ?? []) + (name.map { ["--name", $0] } ?? [])
                + wait + api
        case let .lineRemove(key):
            return ["line", "rm", envelope(key)] + wait + api
        case let .lineSetChecked(key, checked):
            return ["line", checked ? "check" : "uncheck", envelope(key)] + wait + api
        case let .lineShape(key, kind, recurrence):
            let kindWord: [TransactionKind: String] = [.expense: "depense", .income: "revenu", .saving: "epargne"]
            return ["line", "edit", envelope(key)] + (kind.map { ["--kind", kindWord[$0]!] } ?? [])
                + (recurrence.map { ["--recurrence", $0 == .fixed ? "fixe" : "ponctuelle"] } ?? []) + wait + api
        case let .lineFit(key, _, _):
            return ["line", "fit", envelope(key)] + wait + api
        case let .postpone(key):
            return ["postpone", expense(key)] + wait + api
        }
    }

    struct Run: Sendable {
        var status: Int32
        var out: String
        var err: String
        var killed: Bool
        var seconds: Double = 0
    }

    /// One `pulpe`, SIGKILLed after `killAfter` seconds if it still runs then.
    static func pulpe(_ arguments: [String], home: String, killAfter: Double? = nil) -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BinaryLocator.path(of: "pulpe"))
        process.arguments = arguments
        process.environment = PTYEnvironment.anchoring(["HOME": home, "PATH": "/usr/bin:/bin", "SWIFT_BACKTRACE": "enable=no"])
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let started = Date()
        do {
            try process.run()
        } catch {
            return Run(status: -1, out: "", err: "\(error)", killed: false)
        }
        if let killAfter {
            Thread.sleep(forTimeInterval: killAfter)
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let killed = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        return Run(status: process.terminationStatus, out: String(decoding: output, as: UTF8.self),
                   err: String(decoding: errors, as: UTF8.self), killed: killed, seconds: Date().timeIntervalSince(started))
    }

    /// Runs every `(arguments, killAfter)` at once (one thread each: they only wait on their process).
    static func runAll(_ plans: [(arguments: [String], killAfter: Double?)], home: String) -> [Run] {
        let results = Mutex<[Int: Run]>([:])
        let group = DispatchGroup()
        for (slot, plan) in plans.enumerated() {
            group.enter()
            let (arguments, killAfter) = plan
            Thread.detachNewThread {
                let run = pulpe(arguments, home: home, killAfter: killAfter)
                results.withLock { $0[slot] = run }
                group.leave()
            }
        }
        group.wait()
        return results.withLock { all in plans.indices.map { all[$0]! } }
    }

    /// What an exit says about the operation: stored (0 sent, 75 queued, always with « En attente »),
    /// not stored (64 no such target, 69 nothing reachable), or unknown (killed, refused, anything else).
    enum Verdict { case stored, notStored, unknown }

    static func verdict(_ run: Run) -> Verdict {
        if run.killed { return .unknown }
        switch run.status {
        case 0: return .stored
        case 75: return run.out.hasPrefix("En attente : ") ? .stored : .unknown
        case 64, 69: return .notStored
        default: return .unknown
        }
    }

    // MARK: The server and the outbox

    /// Reads the month's details from the API as the signed-in demo user (the session's token,
    /// the public demo key), trying again through injected faults.
    struct ServerReader {
        let port: Int
        let home: String

        var api: String { "http://127.0.0.1:\(port)/api/v1" }

        /// The session `pulpe` keeps for this server (its key is the API's URL, as the outbox's scope).
        func session() throws -> StoredSession {
            let store = SessionStore(fileURL: URL(fileURLWithPath: home + "/.local/state/pulpe/session.json"))
            guard let session = try store.load(server: api) else { throw ReadError.failed("no session for \(api)") }
            return session
        }

        /// GET `path` until a 200 (faults drop, fail and delay requests), at most `tries` times.
        func get(_ path: String, tries: Int = 40) throws -> Data {
            var last = "no answer"
            for _ in 0..<tries {
                // The token may have been refreshed by a `pulpe` meanwhile: read it each time.
                let token = try session().session.accessToken
                var request = URLRequest(url: URL(string: api + path)!)
                request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
                request.setValue(DemoSession.clientKey, forHTTPHeaderField: "X-Client-Key")
                request.timeoutInterval = 10
                let done = DispatchSemaphore(value: 0)
                nonisolated(unsafe) var body: Data?
                nonisolated(unsafe) var status = -1
                URLSession.shared.dataTask(with: request) { data, response, _ in
                    body = data
                    status = (response as? HTTPURLResponse)?.statusCode ?? -1
                    done.signal()
                }.resume()
                done.wait()
                if status == 200, let body { return body }
                last = "\(status) \(body.map { String(decoding: $0, as: UTF8.self) } ?? "")"
                Thread.sleep(forTimeInterval: 0.05)
            }
            throw ReadError.failed("GET \(path): \(last)")
        }

        func budgetId(month: String) throws -> String {
            let data = try get("/budgets")
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            let budgets = object?["data"] as? [[String: Any]] ?? []
            let parts = month.split(separator: "-").compactMap { Int($0) }
            let found = budgets.first { ($0["year"] as? Int) == parts.first && ($0["month"] as? Int) == parts.last }
            guard let id = found?["id"] as? String else { throw ReadError.failed("no budget for \(month) in \(budgets.count)") }
            return id
        }

        func details(budgetId: String) throws -> BudgetDetails {
            try PulpeJSON.decode(SuccessEnvelope<BudgetDetails>.self, from: get("/budgets/\(budgetId)/details")).data
        }
    }

    enum ReadError: Error { case failed(String) }

    /// The test's transactions and prévisions in `details`, by name.
    static func shown(_ details: BudgetDetails) -> Shown {
        shown(transactions: details.transactions.map { ($0.id, $0.name, $0.amount, $0.isChecked, $0.budgetLineId) },
              lines: details.budgetLines.map { ($0.id, $0.name, $0.amount, $0.isChecked, $0.kind, $0.recurrence) })
    }

    static func shown(transactions: [(id: String, name: String, amount: Decimal, checked: Bool, line: String?)],
                      lines: [(id: String, name: String, amount: Decimal, checked: Bool, kind: TransactionKind, recurrence: Recurrence)])
        -> Shown {
        let lineNames = Dictionary(lines.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        var result = Shown(transactions: [:], lines: [:])
        for row in transactions where row.name.hasPrefix(expensePrefix) {
            if result.transactions[row.name] != nil { result.doubled.append(row.name) }
            result.transactions[row.name] = Shown.Row(amount: row.amount, checked: row.checked,
                                                      line: row.line.map { lineNames[$0] ?? "unknown prévision \($0)" })
        }
        for line in lines where line.name.hasPrefix(envelopePrefix) {
            if result.lines[line.name] != nil { result.doubled.append(line.name) }
            result.lines[line.name] = Shown.Line(amount: line.amount, checked: line.checked, kind: line.kind, recurrence: line.recurrence)
        }
        return result
    }

    /// What the server will hold once every operation still waiting (oldest first) reaches it: the
    /// server's rows with them applied, as the sandbox would (an operation already sent and still
    /// listed — a killed process's claim — applies the same twice). The test's own reading of
    /// docs/contract.md §14, not the client's overlay.
    static func eventual(_ details: BudgetDetails, waiting: [WriteOperation]) -> Shown {
        var transactions = details.transactions.map { ($0.id, $0.name, $0.amount, $0.isChecked, $0.budgetLineId) }
        var lines = details.budgetLines.map { ($0.id, $0.name, $0.amount, $0.isChecked, $0.kind, $0.recurrence) }
        for operation in waiting {
            switch operation {
            case let .createTransaction(new):
                guard let id = new.id, new.budgetId == details.budget.id, !transactions.contains(where: { $0.0 == id }) else { continue }
                transactions.append((id, new.name, new.amount, new.checkedAt != nil, new.budgetLineId))
            case let .patchTransaction(id, changes):
                for index in transactions.indices where transactions[index].0 == id {
                    if let name = changes.name { transactions[index].1 = name }
                    if let amount = changes.amount { transactions[index].2 = amount }
                }
            case let .deleteTransaction(id):
                transactions.removeAll { $0.0 == id }
            case let .setTransactionChecked(id, checked, _):
                for index in transactions.indices where transactions[index].0 == id { transactions[index].3 = checked }
            case let .createBudgetLine(new):
                guard new.budgetId == details.budget.id, !lines.contains(where: { $0.0 == new.id }) else { continue }
                lines.append((new.id, new.name, new.amount, new.checkedAt != nil, new.kind, new.recurrence))
            case let .patchBudgetLine(id, changes):
                for index in lines.indices where lines[index].0 == id {
                    if let name = changes.name { lines[index].1 = name }
                    if let amount = changes.amount { lines[index].2 = amount }
                    if let kind = changes.kind { lines[index].4 = kind }
                    if let recurrence = changes.recurrence { lines[index].5 = recurrence }
                }
            case let .deleteBudgetLine(id):
                lines.removeAll { $0.0 == id }
                for index in transactions.indices where transactions[index].4 == id { transactions[index].4 = nil }
            case let .setBudgetLineChecked(id, checked, withTransactions, _):
                for index in lines.indices where lines[index].0 == id { lines[index].3 = checked }
                if checked, withTransactions {
                    for index in transactions.indices where transactions[index].4 == id { transactions[index].3 = true }
                }
            case .resetBudgetLine, .createBudget, .generateBudgets, .createTag, .renameTag, .deleteTag, .createTemplate, .patchTemplate,
                 .deleteTemplate, .editTemplateLines, .updateSettings, .spread, .savingsWithdrawal, .deleteSavingsWithdrawal:
                continue
            case let .postponeTransaction(id, from, _):
                // Moved out of this month once (the sender reads it before posting).
                if from == details.budget.id { transactions.removeAll { $0.0 == id } }
            case let .postponeBudgetLine(id, from, _):
                if from == details.budget.id { lines.removeAll { $0.0 == id } }
            }
        }
        return shown(transactions: transactions.map { (id: $0.0, name: $0.1, amount: $0.2, checked: $0.3, line: $0.4) },
                     lines: lines.map { (id: $0.0, name: $0.1, amount: $0.2, checked: $0.3, kind: $0.4, recurrence: $0.5) })
    }

    /// Whether `op` is in `state` (what the server holds or will): how a killed `pulpe`'s operation
    /// is found stored or not. Every operation the driver draws changes its item, so it shows.
    static func isIn(_ op: Op, _ state: Shown, model: Model) -> Bool {
        switch op {
        case let .add(_, name, _, _, _, _):
            return state.transactions[name] != nil
        case let .edit(key, amount, name):
            guard let current = model.expenses[key] else { return false }
            if let name { return state.transactions[name] != nil }
            return state.transactions[current.name]?.amount == amount
        case let .setChecked(key, checked):
            guard let current = model.expenses[key] else { return false }
            return state.transactions[current.name]?.checked == checked
        case let .remove(key):
            guard let current = model.expenses[key] else { return false }
            return state.transactions[current.name] == nil
        case let .lineAdd(_, name, _):
            return state.lines[name] != nil
        case let .lineEdit(key, amount, name):
            guard let current = model.envelopes[key] else { return false }
            if let name { return state.lines[name] != nil }
            return state.lines[current.name]?.amount == amount
        case let .lineRemove(key):
            guard let current = model.envelopes[key] else { return false }
            return state.lines[current.name] == nil
        case let .lineSetChecked(key, checked):
            guard let current = model.envelopes[key] else { return false }
            return state.lines[current.name]?.checked == checked
        case let .lineShape(key, kind, recurrence):
            guard let current = model.envelopes[key], let line = state.lines[current.name] else { return false }
            return (kind ?? line.kind) == line.kind && (recurrence ?? line.recurrence) == line.recurrence
        case let .lineFit(key, amount, _):
            guard let current = model.envelopes[key] else { return false }
            return state.lines[current.name]?.amount == amount
        case let .postpone(key):
            guard let current = model.expenses[key] else { return false }
            return state.transactions[current.name] == nil
        }
    }

    // MARK: The run

    @Test func everyKindOfWriteEndsAsMeantThroughFaultsAndKills() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-op-faults")
        defer { home.remove() }
        let data = try TemporaryDirectory(prefix: "pulpe-op-faults-server")
        defer { data.remove() }
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port, dataDir: data.path, arguments: ["--seed", "23"])
        defer { server.stop() }
        let api = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        let email = try OutboxFaultInjectionTests.demoSession(port: port, home: home.path)
        let reader = ServerReader(port: port, home: home.path)

        // The month the verbs act on (the current pay-day period), and the server's copy before.
        let month = Self.pulpe(["month", "--json"] + api, home: home.path)
        let monthJSON = try #require(try JSONSerialization.jsonObject(with: Data(month.out.utf8)) as? [String: Any], "\(month)")
        let monthText = try #require(monthJSON["month"] as? String)
        let budgetId = try reader.budgetId(month: monthText)
        let before = try reader.details(budgetId: budgetId)
        let userId = try reader.session().session.user.id
        // Postpones need next month's budget (else the server refuses them: 409).
        let parts = monthText.split(separator: "-").compactMap { Int($0) }
        let next = BudgetMonth(year: parts[0], month: parts[1]).next
        let created = Self.pulpe(["budget", "create", String(format: "%04d-%02d", next.year, next.month)] + api, home: home.path)
        #expect(created.status == 0, "next month's budget: \(created)")
        let outbox = try SealedHome.outbox(home: home.path)
        let scope = CacheScope(serverKey: "http://127.0.0.1:\(port)/api/v1", userId: userId)

        try server.setFaults(rate: 0.3, kinds: ["500", "503", "drop", "created-500", "created-drop", "slow"])
        var random = SplitMix64(seed: Self.seed)
        var model = Model()
        var issued = 0
        var kills = 0
        var byKind: [String: Int] = [:]
        var statuses: [String: Int] = [:]
        var foundStored = 0
        var foundNotStored = 0
        var notStored = 0
        var unknownTargets: [String] = []
        var looks = 0
        var orphanedClaims: Set<String> = []
        var durations: [Double] = []
        /// Every operation with what its run said, printed when the run fails (the seed draws the
        /// operations, not what they meet).
        var history: [String] = []
        var maintenanceLeft = 0
        var maintenanceBatches = 0
        let started = Date()

        while issued < Self.count {
            // Now and then the server is in maintenance for a few batches.
            if maintenanceLeft == 0, Double.random(in: 0...1, using: &random) < Self.maintenanceRate {
                maintenanceLeft = Int.random(in: 1...3, using: &random)
                try server.setMaintenance(true)
            }
            let inMaintenance = maintenanceLeft > 0
            if inMaintenance { maintenanceBatches += 1 }
            let owed = issued >= Self.count / 2 ? Set(Self.drawable).subtracting(byKind.keys) : []
            let ops = Self.batch(&model, using: &random, limit: Self.count - issued, missing: owed)
            issued += ops.count
            let plans = ops.map { op -> (arguments: [String], killAfter: Double?) in
                let killAfter = Double.random(in: 0...1, using: &random) < Self.killRate
                    ? Double.random(in: 0.05...Self.latestKill, using: &random) : nil
                return (Self.arguments(op, model: model, api: api), killAfter)
            }
            let runs = Self.runAll(plans, home: home.path)
            var unknown: [Op] = []
            for (op, run) in zip(ops, runs) {
                byKind[op.kind, default: 0] += 1
                statuses[run.killed ? "killed" : "\(run.status)", default: 0] += 1
                history.append("\(issued) \(inMaintenance ? "M " : "")\(op) → \(run.killed ? "killed" : "\(run.status)")")
                if run.killed { kills += 1 } else { durations.append(run.seconds) }
                switch Self.verdict(run) {
                case .stored: model.apply(op)
                case .notStored:
                    notStored += 1
                    if run.status == 64 { unknownTargets.append("\(op): \(run.err.prefix(120))") }
                case .unknown:
                    if !run.killed { Issue.record("\(op): unexpected exit \(run.status): \(run.out) \(run.err)") }
                    unknown.append(op)
                }
            }
            if inMaintenance {
                maintenanceLeft -= 1
                if maintenanceLeft == 0 { try server.setMaintenance(false) }
            }
            guard !unknown.isEmpty else { continue }
            // No `pulpe` runs now: what waits in the outbox, then what the server holds, is what
            // the server will hold — the killed operations stored are in it, the others are not.
            looks += 1
            let waiting = try outbox.items(scope: scope)
            #expect(waiting.count == (try outbox.totalCount()), "the outbox's scope is the session's")
            orphanedClaims.formUnion(waiting.filter { $0.claim != nil }.map(\.id))
            let pending = waiting.filter { $0.state == .pending }.map(\.operation)
            // The API answers nothing in maintenance: out of it for the read (nothing runs now).
            if maintenanceLeft > 0 { try server.setMaintenance(false) }
            let serverDetails = try reader.details(budgetId: budgetId)
            if maintenanceLeft > 0 { try server.setMaintenance(true) }
            let state = Self.eventual(serverDetails, waiting: pending)
            for op in unknown {
                if Self.isIn(op, state, model: model) {
                    model.apply(op)
                    foundStored += 1
                    history.append("  found stored: \(op)")
                } else {
                    foundNotStored += 1
                    history.append("  found not stored: \(op)")
                }
            }
            let differences = state.differences(from: model.expected)
            #expect(differences.isEmpty,
                    "after \(issued) operations, the outbox and the server will end as:\n\(differences.joined(separator: "\n"))\nbatch: \(ops)")
        }
        let driven = Date().timeIntervalSince(started)

        // Faults off: `pulpe sync` until nothing is left.
        try server.setMaintenance(false)
        try server.setFaults(rate: 0, kinds: ["500"])
        var syncs = 0
        var last = Run(status: -1, out: "", err: "", killed: false)
        while syncs < 30 {
            syncs += 1
            last = Self.pulpe(["sync"] + api, home: home.path)
            if last.status == 0 { break }
        }
        #expect(last.status == 0, "pulpe sync: \(last)")
        let pending = Self.pulpe(["pending", "--json"] + api, home: home.path)
        #expect(pending.status == 0 && pending.out.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "\(pending)")

        let after = try reader.details(budgetId: budgetId)
        let held = Self.shown(after)
        let differences = held.differences(from: model.expected)
        #expect(differences.isEmpty, "the server differs from what was meant:\n\(differences.joined(separator: "\n"))")
        if !differences.isEmpty { print("operation fault injection, every run:\n" + history.joined(separator: "\n")) }
        // Nothing of the test's went to another month, and nothing is there twice.
        let everywhere = try server.transactions(email: email).filter { $0.name.hasPrefix(Self.expensePrefix) }
        #expect(everywhere.count == model.expenses.count + model.postponed.count,
                "the account holds \(everywhere.count), meant \(model.expenses.count) here and \(model.postponed.count) moved")
        // Each postponed expense is in the account once, and out of this month (above): moved once.
        let moved = Set(model.postponed.values.map(\.name))
        #expect(everywhere.filter { moved.contains($0.name) }.count == moved.count, "postponed: \(moved.sorted())")
        // What the test never touched is as it was (its prévisions' transactions freed excepted: none are the demo's).
        let untouched = { (details: BudgetDetails) in
            (details.transactions.filter { !$0.name.hasPrefix(Self.expensePrefix) }.map { "\($0.id) \($0.name) \($0.amount) \($0.isChecked) \($0.budgetLineId ?? "-")" }.sorted(),
             details.budgetLines.filter { !$0.name.hasPrefix(Self.envelopePrefix) }.map { "\($0.id) \($0.name) \($0.amount) \($0.isChecked)" }.sorted())
        }
        #expect(untouched(after) == untouched(before), "the demo month's own rows are unchanged")

        // Tags (decision 88): each name the driver used is one tag on the server, case aside, and each
        // expense carries exactly its tags — whatever was killed, replayed or folded.
        let serverTags = try server.tags(email: email)
        let keys = serverTags.map { $0.name.lowercased() }
        #expect(Set(keys).count == keys.count, "a tag made twice: \(serverTags.map(\.name))")
        let keyById = Dictionary(uniqueKeysWithValues: serverTags.map { ($0.id, $0.name.lowercased()) })
        let heldTags = try server.tagIds(email: email)
        var tagged = 0
        for expense in Array(model.expenses.values) + Array(model.postponed.values) {
            let meant = Set(expense.tags.map { $0.lowercased() })
            if !meant.isEmpty { tagged += 1 }
            let held = Set((heldTags[expense.name] ?? []).map { keyById[$0] ?? "unknown \($0)" })
            #expect(held == meant, "« \(expense.name) » carries \(held.sorted()) instead of \(meant.sorted())")
        }

        // A verb that did not find its target stored nothing (the model holds): but the item was there.
        // Found by this test, fixed by decision 65: `pulpe` processes side by side (a shell verb beside
        // the TUI, or beside a status bar's `pulpe status`) raced on the cached month. One started
        // fetching the month; another sent a write and applied it to the cached month
        // (`NetworkOutbox.applyToCache`); the first one's answer, older, then replaced the whole month.
        // The write was on the server and no longer in the outbox, yet missing from the cache: offline
        // (here in maintenance) a verb or `add --line` naming it answered 64 « Introuvable » until the
        // next fetch. A fetch now saves only if the entry is still the one it saw when it left
        // (`CacheStore.saveMonth(ifStill:)`). The sandbox's `slow` fault (answers held 0.5 … 3 s) made
        // it frequent here.
        #expect(unknownTargets.isEmpty, "answered 64 « Introuvable » for an item that exists:\n\(unknownTargets.joined(separator: "\n"))")

        let log = (try? String(contentsOfFile: home.path + "/.local/state/pulpe/pulpe.log", encoding: .utf8)) ?? ""
        let logLines = log.split(separator: "\n")
        func ids(_ marker: String) -> Set<String> {
            Set(logLines.filter { $0.contains(marker) }.compactMap { line in
                line.range(of: #"id=[0-9a-f-]{36}"#, options: .regularExpression).map { String(line[$0].dropFirst(3)) }
            })
        }
        // A replay: an operation sent again after an earlier send failed, lost its answer or was killed.
        let replays = ids("outbox: sent").intersection(ids("outbox: send failed").union(orphanedClaims)).count
        let folded = logLines.filter { $0.contains("outbox: stored") && $0.contains("as=folded") }.count
        let cancelled = logLines.filter { $0.contains("outbox: stored") && $0.contains("as=cancelled") }.count
        // The run exercised what it claims to: a run with no kill, no replay, no maintenance or a
        // kind of write never drawn would pass while proving nothing.
        #expect(kills > 0, "no operation was killed")
        #expect(replays > 0, "no operation was sent again after a failed send or a kill")
        #expect(maintenanceBatches > 0, "no batch ran in maintenance")
        #expect(Set(Self.drawable).subtracting(byKind.keys).isEmpty,
                "kinds never drawn: \(Set(Self.drawable).subtracting(byKind.keys).sorted())")
        // The outbox's file itself, not only what `pulpe pending` says of it.
        let rowsLeft = try outbox.totalCount()
        #expect(rowsLeft == 0, "the outbox file still holds \(rowsLeft) rows")
        print("operation fault injection: \(issued) operations (\(byKind.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))), "
              + "\(kills) kills (\(foundStored) found stored, \(foundNotStored) not, in \(looks) looks), \(notStored) not stored by their exit, "
              + "\(replays) replays, \(folded) folded and \(cancelled) cancelled by coalescing, "
              + "\(maintenanceBatches) batches in maintenance, median run \(String(format: "%.2f", durations.sorted()[durations.count / 2])) s, "
              + "exits \(statuses.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: " ")), "
              + "\(model.expenses.count) transactions and \(model.envelopes.count) prévisions at the end (\(tagged) tagged, "
              + "\(serverTags.count) tags), \(syncs) pulpe sync runs, "
              + "\(String(format: "%.1f", driven)) s driving, \(String(format: "%.1f", Date().timeIntervalSince(started))) s in all")
    }
}
