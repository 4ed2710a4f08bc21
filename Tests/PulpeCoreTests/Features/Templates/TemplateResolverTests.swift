import Foundation
import PulpeCore
import PulpeDomain
import Testing

/// « Modèles » (§16.5): every `TemplateWrite` against the account's templates gives these stored
/// changes, this undo and this toast — or this refusal. Pure, as `WriteResolverTests`.
@Suite struct TemplateResolverTests {
    static let month = BudgetMonth(year: 2026, month: 11)

    static let loyerId = "aaaa1111-0000-4000-8000-000000000001"
    static let assuranceId = "aaaa1199-0000-4000-8000-000000000002"
    static let salaireId = "bbbb2222-0000-4000-8000-000000000003"
    static let hotelId = "cccc3333-0000-4000-8000-000000000004"
    static let hotelBisId = "cccc4444-0000-4000-8000-000000000005"
    static let standardIds = [loyerId, assuranceId, salaireId]

    /// « Standard » (tpl-1, the default: Loyer, Assurance, Salaire — two ids sharing « aaaa11 »),
    /// « Vacances » (tpl-2: « Hôtel » and « hôtel », one name case aside).
    static let standard = TemplatePreview(
        template: BudgetTemplate(id: "tpl-1", name: "Standard", isDefault: true),
        lines: [.init(id: loyerId, name: "Loyer", amount: 1800, kind: .expense, recurrence: .fixed),
                .init(id: assuranceId, name: "Assurance", amount: 300, kind: .expense, recurrence: .fixed),
                .init(id: salaireId, name: "Salaire", amount: 5000, kind: .income, recurrence: .fixed)])
    static let vacances = TemplatePreview(
        template: BudgetTemplate(id: "tpl-2", name: "Vacances", isDefault: false),
        lines: [.init(id: hotelId, name: "Hôtel", amount: 500, kind: .expense, recurrence: .oneOff),
                .init(id: hotelBisId, name: "hôtel", amount: 120, kind: .expense, recurrence: .oneOff)])
    static let templates = [standard, vacances]

    static func context(_ templates: [TemplatePreview]? = TemplateResolverTests.templates) -> WriteContext {
        WriteContext(month: month, content: .noBudget, templates: templates, timeZone: .utc)
    }

    static func draft(_ operation: WriteOperation, _ label: String, previous: Decimal? = nil) -> ChangeDraft {
        ChangeDraft(operation: operation, month: month, label: label, previousAmount: previous)
    }

    static func lines(_ batch: TemplateLineBatch, propagate: Bool) -> WriteOperation {
        .editTemplateLines(templateId: "tpl-1", batch, propagate: propagate, knownLineIds: standardIds)
    }

    static func candidate(_ line: TemplatePreview.Line) -> WriteCandidate {
        WriteCandidate(id: line.id ?? "", name: line.name, amount: line.amount, kind: line.kind)
    }

    static func edit(_ line: String, _ update: TemplateLineUpdate, propagate: Bool = false) -> TemplateWrite {
        .editLine(template: "Standard", line: line, update, propagate: propagate)
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var write: TemplateWrite
        var context: WriteContext = TemplateResolverTests.context()
        var expected: Result<ResolvedWrite, WriteRefusal>
        var testDescription: String { name }
    }

    static let five = (1...5).map { TemplatePreview(template: BudgetTemplate(id: "t\($0)", name: "Modèle \($0)"), lines: []) }

    static let rows: [Row] = [
        Row(name: "a new template: its name trimmed, no undo (the server gives it its id)", write: .add(name: "  Épargne "),
            expected: .success(ResolvedWrite(done: [draft(.createTemplate(name: "Épargne"), "Épargne")], undo: [],
                                             news: GestureNews(.added, name: "Modèle « Épargne »")))),
        Row(name: "refused: a sixth template", write: .add(name: "Épargne"), context: context(five), expected: .failure(.templateLimit)),
        Row(name: "four templates: a fifth is fine", write: .add(name: "Épargne"), context: context(Array(five.prefix(4))),
            expected: .success(ResolvedWrite(done: [draft(.createTemplate(name: "Épargne"), "Épargne")], undo: [],
                                             news: GestureNews(.added, name: "Modèle « Épargne »")))),
        Row(name: "refused: a name another template has, case aside", write: .add(name: " STANDARD "),
            expected: .failure(.templateExists("STANDARD"))),
        Row(name: "refused: a blank name", write: .add(name: "   "), expected: .failure(.templateName(""))),
        Row(name: "refused: a name over 100 characters", write: .add(name: String(repeating: "x", count: 101)),
            expected: .failure(.templateName(String(repeating: "x", count: 101)))),
        Row(name: "refused: templates never read", write: .add(name: "Épargne"), context: context(nil), expected: .failure(.templatesUnknown)),
        Row(name: "refused: templates never read, for a line too", write: .deleteLine(template: "Standard", line: "Loyer", propagate: false),
            context: context(nil), expected: .failure(.templatesUnknown)),
        Row(name: "a rename, by name case aside: undone by the former name", write: .rename(template: "vacances", to: " Été "),
            expected: .success(ResolvedWrite(
                done: [draft(.patchTemplate(id: "tpl-2", TemplateChanges(name: "Été")), "Vacances")],
                undo: [draft(.patchTemplate(id: "tpl-2", TemplateChanges(name: "Vacances")), "Été")],
                news: GestureNews(.edited, name: "Modèle « Été »")))),
        Row(name: "a rename to the same name: nothing to change", write: .rename(template: "tpl-2", to: "Vacances "),
            expected: .failure(.nothingToChange(name: "Vacances"))),
        Row(name: "refused: a rename to a blank name", write: .rename(template: "tpl-2", to: " "), expected: .failure(.templateName(""))),
        Row(name: "the default flag: undone by giving it back to the former default", write: .makeDefault(template: "Vacances"),
            expected: .success(ResolvedWrite(
                done: [draft(.patchTemplate(id: "tpl-2", TemplateChanges(isDefault: true)), "Vacances")],
                undo: [draft(.patchTemplate(id: "tpl-1", TemplateChanges(isDefault: true)), "Standard")],
                news: GestureNews(.edited, name: "Modèle par défaut : « Vacances »")))),
        Row(name: "the default flag when none had it: no undo", write: .makeDefault(template: "tpl-2"),
            context: context([TemplatePreview(template: BudgetTemplate(id: "tpl-1", name: "Standard"), lines: []), vacances]),
            expected: .success(ResolvedWrite(
                done: [draft(.patchTemplate(id: "tpl-2", TemplateChanges(isDefault: true)), "Vacances")], undo: [],
                news: GestureNews(.edited, name: "Modèle par défaut : « Vacances »")))),
        Row(name: "the default already: nothing to change", write: .makeDefault(template: "standard"),
            expected: .failure(.nothingToChange(name: "Standard"))),
        Row(name: "a delete, by id: no undo", write: .delete(template: "tpl-2"),
            expected: .success(ResolvedWrite(done: [draft(.deleteTemplate(id: "tpl-2"), "Vacances")], undo: [],
                                             news: GestureNews(.deleted, name: "Modèle « Vacances »")))),
        Row(name: "refused: no template of that name, the names there are", write: .delete(template: "Noël"),
            expected: .failure(.unknownTemplate("Noël", available: ["Standard", "Vacances"]))),
        Row(name: "a line added with propagation: one batch, the lines known when stored, its name trimmed",
            write: .addLine(template: "Standard", NewTemplateLine(name: " Internet ", amount: 60, kind: .expense), propagate: true),
            expected: .success(ResolvedWrite(
                done: [draft(lines(TemplateLineBatch(create: [NewTemplateLine(name: "Internet", amount: 60, kind: .expense)]), propagate: true),
                             "Standard · Internet")],
                undo: [], news: GestureNews(.added, name: "Internet", amount: 60, transactionKind: .expense)))),
        Row(name: "refused: a line of amount 0",
            write: .addLine(template: "Standard", NewTemplateLine(name: "Internet", amount: 0, kind: .expense), propagate: false),
            expected: .failure(.templateLine("Internet"))),
        Row(name: "refused: a line with a blank name",
            write: .addLine(template: "Standard", NewTemplateLine(name: "  ", amount: 5, kind: .expense), propagate: false),
            expected: .failure(.templateLine(""))),
        Row(name: "a line renamed, found by a 6-character id prefix in capitals: undone by its former name",
            write: edit("BBBB22", TemplateLineUpdate(id: "", name: " Salaire net ")),
            expected: .success(ResolvedWrite(
                done: [draft(lines(TemplateLineBatch(update: [TemplateLineUpdate(id: salaireId, name: "Salaire net")]), propagate: false),
                             "Standard · Salaire")],
                undo: [draft(lines(TemplateLineBatch(update: [TemplateLineUpdate(id: salaireId, name: "Salaire")]), propagate: false),
                             "Standard · Salaire")],
                news: GestureNews(.edited, name: "Salaire net", amount: 5000, transactionKind: .income)))),
        Row(name: "a line's kind and recurrence, by its whole id in capitals: both undone",
            write: edit(loyerId.uppercased(), TemplateLineUpdate(id: "", kind: .saving, recurrence: .oneOff), propagate: true),
            expected: .success(ResolvedWrite(
                done: [draft(lines(TemplateLineBatch(update: [TemplateLineUpdate(id: loyerId, kind: .saving, recurrence: .oneOff)]),
                                   propagate: true), "Standard · Loyer")],
                undo: [draft(lines(TemplateLineBatch(update: [TemplateLineUpdate(id: loyerId, kind: .expense, recurrence: .fixed)]),
                                   propagate: true), "Standard · Loyer")],
                news: GestureNews(.edited, name: "Loyer", amount: 1800, transactionKind: .saving)))),
        Row(name: "fields that already read so: nothing to change",
            write: edit("loyer", TemplateLineUpdate(id: "", name: "Loyer", amount: 1800, kind: .expense, recurrence: .fixed)),
            expected: .failure(.nothingToChange(name: "Loyer"))),
        Row(name: "refused: a line's amount to 0", write: edit("Loyer", TemplateLineUpdate(id: "", amount: 0)),
            expected: .failure(.templateLine("Loyer"))),
        Row(name: "a line deleted, by name case aside: one batch, no undo",
            write: .deleteLine(template: "Standard", line: "ASSURANCE", propagate: true),
            expected: .success(ResolvedWrite(
                done: [draft(lines(TemplateLineBatch(delete: [assuranceId]), propagate: true), "Standard · Assurance")],
                undo: [], news: GestureNews(.deleted, name: "Assurance", amount: 300, transactionKind: .expense)))),
        Row(name: "refused: a line not in the template, every line as a candidate",
            write: .deleteLine(template: "Standard", line: "Internet", propagate: false),
            expected: .failure(.unknown("Internet", standard.lines.map(candidate)))),
        Row(name: "refused: an id prefix under 6 characters names nothing", write: edit("bbbb2", TemplateLineUpdate(id: "", amount: 1)),
            expected: .failure(.unknown("bbbb2", standard.lines.map(candidate)))),
        Row(name: "refused: an id prefix two lines share", write: edit("aaaa11", TemplateLineUpdate(id: "", amount: 1)),
            expected: .failure(.ambiguous("aaaa11", [candidate(standard.lines[0]), candidate(standard.lines[1])]))),
        Row(name: "refused: a name two lines have, case aside",
            write: .deleteLine(template: "Vacances", line: "HÔTEL", propagate: false),
            expected: .failure(.ambiguous("HÔTEL", vacances.lines.map(candidate)))),
        Row(name: "refused: a line of a template that is not there",
            write: .deleteLine(template: "Noël", line: "Loyer", propagate: false),
            expected: .failure(.unknownTemplate("Noël", available: ["Standard", "Vacances"]))),
    ]

    @Test(arguments: rows) func theTable(_ row: Row) {
        #expect(TemplateResolver.resolve(row.write, in: row.context) == row.expected)
    }

    /// The write resolver hands every template write to this one.
    @Test(arguments: rows) func theWriteResolverSaysTheSame(_ row: Row) {
        #expect(WriteResolver.resolve(.template(row.write), in: row.context) == row.expected)
    }

    /// An amount raised: the stored change says the amount it leaves (« 1 800.00 → 1 900.00 »), and
    /// its undo the one it leaves in turn, as every other amount edit's undo does (`WriteResolver`).
    @Test func anAmountEditSaysThePreviousAmountAndIsUndoneByIt() throws {
        let write = Self.edit("Loyer", TemplateLineUpdate(id: "ignored", amount: 1900), propagate: true)
        let resolved = try TemplateResolver.resolve(write, in: Self.context()).get()
        #expect(resolved.done == [Self.draft(Self.lines(TemplateLineBatch(update: [TemplateLineUpdate(id: Self.loyerId, amount: 1900)]),
                                                        propagate: true), "Standard · Loyer", previous: 1800)])
        #expect(resolved.news == GestureNews(.edited, name: "Loyer", amount: 1900, transactionKind: .expense))
        let undo = try #require(resolved.undo.first)
        #expect(resolved.undo.count == 1)
        #expect(undo.operation == Self.lines(TemplateLineBatch(update: [TemplateLineUpdate(id: Self.loyerId, amount: 1800)]), propagate: true))
        #expect(undo.label == "Standard · Loyer" && undo.month == Self.month && undo.hold == nil)
        // The undo reads « 1’900.00 → 1’800.00 » in the pending list, as a prévision's does.
        #expect(undo.previousAmount == 1900)
    }

    /// `line(_:in:)`: the whole id first, then the name (case aside), then a 6+ character prefix.
    @Test func aLineIsFoundByIdThenNameThenPrefix() throws {
        #expect(try TemplateResolver.line("Aaaa1111-0000-4000-8000-000000000001", in: Self.standard).get().name == "Loyer")
        #expect(try TemplateResolver.line("salaire", in: Self.standard).get().id == Self.salaireId)
        #expect(try TemplateResolver.line("aaaa119", in: Self.standard).get().name == "Assurance")
        #expect(try TemplateResolver.line("bbbb22", in: Self.standard).get().name == "Salaire")
        let named = TemplatePreview(template: BudgetTemplate(id: "tpl-3", name: "Noms"),
                                    lines: [.init(id: "x1", name: "bbbb2222", amount: 1, kind: .expense),
                                            .init(id: "bbbb2222-9", name: "Autre", amount: 2, kind: .expense)])
        #expect(try TemplateResolver.line("BBBB2222", in: named).get().id == "x1", "a name before an id prefix")
    }
}
