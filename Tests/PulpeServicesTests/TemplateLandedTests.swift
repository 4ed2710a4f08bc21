import Foundation
import PulpeDomain
import Testing
@testable import PulpeServices

/// A template batch sent before (its answer lost) is read back before it is sent again (§16.5):
/// atomic on the server, so its deleted lines gone, or its created lines there beside the lines
/// known when it was stored, mean it landed whole. An update alone is resent (the same fields).
@Suite struct TemplateLandedTests {
    typealias Line = TemplatePreview.Line

    static let loyer = Line(id: "tl-1", name: "Loyer", amount: 1800, kind: .expense)
    static let salaire = Line(id: "tl-2", name: "Salaire", amount: 5000, kind: .income)
    static let internet = NewTemplateLine(name: "Internet", amount: 60, kind: .expense)
    static let known = ["tl-1", "tl-2"]

    static func landed(_ batch: TemplateLineBatch, known: [String] = TemplateLandedTests.known, _ now: [Line]) -> Bool {
        OperationSender.landed(batch, known: known, now: now)
    }

    @Test func aDeletedLineGoneMeansItLanded() {
        #expect(Self.landed(TemplateLineBatch(delete: ["tl-2"]), [Self.loyer]))
        #expect(Self.landed(TemplateLineBatch(delete: ["tl-1", "tl-2"]), []))
    }

    @Test func aDeletedLineStillThereMeansItDidNot() {
        #expect(!Self.landed(TemplateLineBatch(delete: ["tl-2"]), [Self.loyer, Self.salaire]))
        #expect(!Self.landed(TemplateLineBatch(delete: ["tl-1", "tl-2"]), [Self.salaire]), "one of two still there")
    }

    @Test func theDeletesDecideABatchThatAlsoCreates() {
        let fresh = Line(id: "n1", name: "Internet", amount: 60, kind: .expense)
        #expect(!Self.landed(TemplateLineBatch(create: [Self.internet], delete: ["tl-2"]), [Self.loyer, Self.salaire, fresh]))
        #expect(Self.landed(TemplateLineBatch(create: [Self.internet], delete: ["tl-2"]), [Self.loyer]))
    }

    @Test func createdLinesFoundBesideTheKnownOnesMeanItLanded() {
        let fresh = Line(id: "n1", name: "Internet", amount: 60, kind: .expense, recurrence: .fixed)
        #expect(Self.landed(TemplateLineBatch(create: [Self.internet]), [Self.loyer, fresh, Self.salaire]))
        let twice = TemplateLineBatch(create: [Self.internet, Self.internet])
        #expect(!Self.landed(twice, [Self.loyer, Self.salaire, fresh]), "two creates need two new lines")
        #expect(Self.landed(twice, [Self.loyer, Self.salaire, fresh, Line(id: "n2", name: "Internet", amount: 60, kind: .expense)]))
    }

    @Test func aCreateMatchingAKnownLineDoesNotCount() {
        let knownInternet = Line(id: "tl-3", name: "Internet", amount: 60, kind: .expense)
        #expect(!Self.landed(TemplateLineBatch(create: [Self.internet]), known: ["tl-1", "tl-2", "tl-3"], [Self.loyer, knownInternet]))
        #expect(!Self.landed(TemplateLineBatch(create: [Self.internet]), [Self.loyer, Line(name: "Internet", amount: 60, kind: .expense)]),
                "a line without an id is no created line")
    }

    @Test func aNewLineThatIsNotTheCreateDoesNotCount() {
        #expect(!Self.landed(TemplateLineBatch(create: [Self.internet]), [Self.loyer, Line(id: "n1", name: "Internet", amount: 65, kind: .expense)]))
        #expect(!Self.landed(TemplateLineBatch(create: [Self.internet]), [Self.loyer, Line(id: "n1", name: "Internet", amount: 60, kind: .saving)]))
    }

    @Test func anUpdateAloneIsSentAgain() {
        let raised = Line(id: "tl-1", name: "Loyer", amount: 1900, kind: .expense)
        #expect(!Self.landed(TemplateLineBatch(update: [TemplateLineUpdate(id: "tl-1", amount: 1900)]), [raised, Self.salaire]),
                "even when the line already reads so")
        #expect(!Self.landed(TemplateLineBatch(), [Self.loyer, Self.salaire]))
    }
}
