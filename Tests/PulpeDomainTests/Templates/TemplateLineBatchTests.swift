import Foundation
@testable import PulpeDomain
import Testing

/// A template batch (§16.5): the lines it leaves, the months its propagation changes (said before it
/// is stored), and what the outbox does with the four template operations after one send.
@Suite struct TemplateLineBatchTests {
    typealias Line = TemplatePreview.Line

    static let lines = [Line(id: "tl-1", name: "Loyer", amount: 1800, kind: .expense, recurrence: .fixed),
                        Line(id: "tl-2", name: "Salaire", amount: 5000, kind: .income, recurrence: .fixed),
                        Line(name: "Sans id", amount: 10, kind: .expense),
                        Line(id: "tl-3", name: "Assurance", amount: 300, kind: .expense, recurrence: .fixed)]

    // MARK: - applied(to:)

    @Test func aBatchAppliedDeletesUpdatesThenAppendsItsCreatesInOrder() {
        let batch = TemplateLineBatch(create: [NewTemplateLine(name: "Internet", amount: 60, kind: .expense, recurrence: .oneOff),
                                               NewTemplateLine(name: "Épargne", amount: 400, kind: .saving)],
                                      update: [TemplateLineUpdate(id: "tl-2", name: "Salaire net", amount: 5200),
                                               TemplateLineUpdate(id: "tl-3", kind: .saving, recurrence: .oneOff)],
                                      delete: ["tl-1"])
        #expect(batch.applied(to: Self.lines) == [
            Line(id: "tl-2", name: "Salaire net", amount: 5200, kind: .income, recurrence: .fixed),
            Line(name: "Sans id", amount: 10, kind: .expense),
            Line(id: "tl-3", name: "Assurance", amount: 300, kind: .saving, recurrence: .oneOff),
            Line(name: "Internet", amount: 60, kind: .expense, recurrence: .oneOff),
            Line(name: "Épargne", amount: 400, kind: .saving, recurrence: .fixed),
        ])
        #expect(batch.count == 5 && !batch.isEmpty)
    }

    @Test func anEmptyBatchOrOneNamingNoLineLeavesTheLinesAsTheyAre() {
        #expect(TemplateLineBatch().applied(to: Self.lines) == Self.lines)
        #expect(TemplateLineBatch().isEmpty && TemplateLineBatch().count == 0)
        let elsewhere = TemplateLineBatch(update: [TemplateLineUpdate(id: "tl-9", amount: 1)], delete: ["tl-8"])
        #expect(elsewhere.applied(to: Self.lines) == Self.lines)
    }

    @Test func anUpdateChangesOnlyTheFieldsItNames() {
        let line = Line(id: "tl-1", name: "Loyer", amount: 1800, kind: .expense, recurrence: .fixed)
        #expect(TemplateLineUpdate(id: "tl-1", amount: 1900).applied(to: line)
            == Line(id: "tl-1", name: "Loyer", amount: 1900, kind: .expense, recurrence: .fixed))
        #expect(TemplateLineUpdate(id: "tl-1").applied(to: line) == line)
    }

    @Test func aCreateMatchesTheLineItMadeByNameAmountAndKind() {
        let new = NewTemplateLine(name: "Internet", amount: 60, kind: .expense)
        #expect(new.recurrence == .fixed)
        #expect(new.matches(Line(id: "n1", name: "Internet", amount: 60, kind: .expense, recurrence: .oneOff)))
        #expect(!new.matches(Line(id: "n1", name: "internet", amount: 60, kind: .expense)))
        #expect(!new.matches(Line(id: "n1", name: "Internet", amount: 61, kind: .expense)))
        #expect(!new.matches(Line(id: "n1", name: "Internet", amount: 60, kind: .saving)))
    }

    // MARK: - TemplatePropagation.preview

    static let current = BudgetMonth(year: 2026, month: 11)

    static func month(_ year: Int, _ month: Int, template: String?, _ lines: [(String?, Bool)]) -> BudgetDetails {
        let id = "b-\(year)-\(month)"
        let budget = Budget(id: id, createdAt: .distantPast, updatedAt: .distantPast, userId: "u", templateId: template,
                            month: month, year: year)
        let budgetLines = lines.enumerated().map { index, line in
            BudgetLine(id: "\(id)-l\(index)", budgetId: id, templateLineId: line.0, name: "L\(index)", amount: 10, kind: .expense,
                       isManuallyAdjusted: line.1, createdAt: .distantPast, updatedAt: .distantPast)
        }
        return BudgetDetails(budget: budget, transactions: [], budgetLines: budgetLines)
    }

    /// Given unsorted: October (before the current period), November and January of « t », December
    /// of another template, February of none. In each, lines linked to tl-1 / tl-2 / tl-3 / nothing,
    /// some adjusted by hand.
    static let months = [
        month(2027, 1, template: "t", [("tl-1", true), ("tl-2", false), ("tl-3", false)]),
        month(2026, 10, template: "t", [("tl-1", false), ("tl-2", false)]),
        month(2026, 12, template: "other", [("tl-1", false), ("tl-2", false)]),
        month(2026, 11, template: "t", [("tl-1", false), ("tl-2", true), ("tl-2", false), (nil, false), ("tl-3", false)]),
        month(2027, 2, template: nil, [("tl-1", false)]),
    ]

    @Test func aPropagationCountsTheLinesThatFollowFromTheCurrentPeriodOn() {
        let batch = TemplateLineBatch(update: [TemplateLineUpdate(id: "tl-1", amount: 1900)], delete: ["tl-2"])
        #expect(TemplatePropagation.preview(batch, templateId: "t", months: Self.months, from: Self.current) == [
            TemplatePropagation.Month(month: BudgetMonth(year: 2026, month: 11), lines: 2, adjusted: 1),
            TemplatePropagation.Month(month: BudgetMonth(year: 2027, month: 1), lines: 1, adjusted: 1),
        ])
    }

    @Test func aCreateCountsOneLineInEveryMonthAhead() {
        let batch = TemplateLineBatch(create: [NewTemplateLine(name: "Internet", amount: 60, kind: .expense)])
        #expect(TemplatePropagation.preview(batch, templateId: "t", months: Self.months, from: Self.current) == [
            TemplatePropagation.Month(month: BudgetMonth(year: 2026, month: 11), lines: 1, adjusted: 0),
            TemplatePropagation.Month(month: BudgetMonth(year: 2027, month: 1), lines: 1, adjusted: 0),
        ])
        let both = TemplateLineBatch(create: [NewTemplateLine(name: "Internet", amount: 60, kind: .expense)],
                                     update: [TemplateLineUpdate(id: "tl-3", name: "Assurances")])
        #expect(TemplatePropagation.preview(both, templateId: "t", months: Self.months, from: Self.current) == [
            TemplatePropagation.Month(month: BudgetMonth(year: 2026, month: 11), lines: 2, adjusted: 0),
            TemplatePropagation.Month(month: BudgetMonth(year: 2027, month: 1), lines: 2, adjusted: 0),
        ])
    }

    @Test func theCurrentPeriodIsIncludedAndTheOnesBeforeNot() {
        let batch = TemplateLineBatch(update: [TemplateLineUpdate(id: "tl-1", amount: 1900)])
        let fromDecember = TemplatePropagation.preview(batch, templateId: "t", months: Self.months, from: BudgetMonth(year: 2026, month: 12))
        #expect(fromDecember == [TemplatePropagation.Month(month: BudgetMonth(year: 2027, month: 1), lines: 0, adjusted: 1)])
        let fromOctober = TemplatePropagation.preview(batch, templateId: "t", months: Self.months, from: BudgetMonth(year: 2026, month: 10))
        #expect(fromOctober.map(\.month) == [BudgetMonth(year: 2026, month: 10), BudgetMonth(year: 2026, month: 11),
                                             BudgetMonth(year: 2027, month: 1)])
        #expect(fromOctober.map(\.lines) == [1, 1, 0] && fromOctober.map(\.adjusted) == [0, 0, 1])
        #expect(TemplatePropagation.preview(batch, templateId: "nobody", months: Self.months, from: Self.current).isEmpty)
    }

    // MARK: - OperationDecision

    static let create = WriteOperation.createTemplate(name: "Épargne")
    static let patch = WriteOperation.patchTemplate(id: "tpl-1", TemplateChanges(isDefault: true))
    static let delete = WriteOperation.deleteTemplate(id: "tpl-1")
    static let edit = WriteOperation.editTemplateLines(templateId: "tpl-1", TemplateLineBatch(delete: ["tl-1"]), propagate: true,
                                                       knownLineIds: ["tl-1"])
    static let all = [create, patch, delete, edit]

    static func decide(_ operation: WriteOperation, _ status: Int, _ code: String?, isReplay: Bool = false,
                       repeated: Bool = false) -> OperationDecision {
        OperationDecision.decide(operation, .failure(status: status, code: code), isReplay: isReplay, repeatedFailures: repeated)
    }

    @Test(arguments: all)
    func aSuccessIsDoneAndNoAnswerOrA5xxIsKept(operation: WriteOperation) {
        #expect(OperationDecision.decide(operation, .success(status: 200), isReplay: false) == .done)
        #expect(OperationDecision.decide(operation, .success(status: 201), isReplay: true) == .done)
        #expect(OperationDecision.decide(operation, .transport, isReplay: true) == .keep)
        #expect(Self.decide(operation, 500, "ERR_INTERNAL_SERVER") == .keep)
        #expect(Self.decide(operation, 500, "ERR_INTERNAL_SERVER", isReplay: true, repeated: true) == .keep, "never a budget look-up")
        #expect(Self.decide(operation, 503, "MAINTENANCE") == .keep)
        #expect(Self.decide(operation, 401, "ERR_AUTH_TOKEN_INVALID") == .waitForUser(.signIn))
        #expect(Self.decide(operation, 400, "ERR_ENCRYPTION_KEY_CHECK_FAILED") == .waitForUser(.pin))
    }

    @Test(arguments: [create, patch, edit])
    func aCreatePatchOrBatchOfSomethingGoneIsRefusedAndTheLimitIsTheServersWords(operation: WriteOperation) {
        for replay in [false, true] {
            #expect(Self.decide(operation, 404, "ERR_TEMPLATE_NOT_FOUND", isReplay: replay) == .refuse(.gone))
            #expect(Self.decide(operation, 404, "ERR_TEMPLATE_LINE_NOT_FOUND", isReplay: replay) == .refuse(.gone))
            #expect(Self.decide(operation, 400, "ERR_TEMPLATE_LIMIT_EXCEEDED", isReplay: replay)
                == .refuse(.rejected(code: "ERR_TEMPLATE_LIMIT_EXCEEDED")), "never looked up: no client id")
            #expect(Self.decide(operation, 400, "ERR_ZOD_VALIDATION_FAILED", isReplay: replay)
                == .refuse(.rejected(code: "ERR_ZOD_VALIDATION_FAILED")))
            #expect(Self.decide(operation, 409, "ERR_TEMPLATE_ALREADY_EXISTS", isReplay: replay)
                == .refuse(.rejected(code: "ERR_TEMPLATE_ALREADY_EXISTS")))
        }
    }

    @Test func aDeleteOfATemplateGoneIsDoneAndOneInUseIsRefused() {
        for replay in [false, true] {
            #expect(Self.decide(Self.delete, 404, "ERR_TEMPLATE_NOT_FOUND", isReplay: replay) == .done)
            #expect(Self.decide(Self.delete, 400, "ERR_TEMPLATE_IN_USE", isReplay: replay) == .refuse(.rejected(code: "ERR_TEMPLATE_IN_USE")))
        }
        #expect(Self.decide(Self.delete, 500, "ERR_TEMPLATE_DELETE_FAILED") == .keep)
        #expect(Self.decide(Self.delete, 400, nil) == .refuse(.rejected(code: nil)))
    }
}
