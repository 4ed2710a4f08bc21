import Foundation
import PulpeCore
import PulpeDomain
import Testing
@testable import PulpeImport

struct ImportRulesTests {
    @Test func choicesReplaceTheRuleOfTheirPattern() {
        let rules = [ImportRule(pattern: "migros", name: "Migros"), ImportRule(pattern: "sbb", skip: true)]
        let kept = ImportRules.remembering([ImportChoice(pattern: "MIGROS", name: nil, line: "Courses")], in: rules)
        #expect(kept == [ImportRule(pattern: "sbb", skip: true), ImportRule(pattern: "MIGROS", line: "Courses")])
    }
}
