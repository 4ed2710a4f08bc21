import Foundation
import PulpeDomain

/// The query of `GET /budgets`: `fields` (sparse list), `year`, `limit` (1…36) (`docs/contract.md` §7).
struct BudgetListQuery: Sendable, Equatable {
    /// `nil` = the full list form.
    var fields: Set<String>?
    var year: Int?
    var limit: Int?

    static let limitRange = 1...36

    /// Parses the query; throws Zod-shaped issues for a bad field name, year or limit.
    static func parse(_ parameters: [(String, String)]) throws -> BudgetListQuery {
        var query = BudgetListQuery()
        var issues: [ZodIssue] = []
        for (name, value) in parameters {
            switch name {
            case "fields":
                let names = value.split(separator: ",", omittingEmptySubsequences: false)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                let unknown = names.filter { !BudgetSummary.allowedFields.contains($0) }
                if unknown.isEmpty {
                    query.fields = Set(names)
                } else {
                    let allowed = BudgetSummary.allowedFields.sorted().joined(separator: ", ")
                    issues.append(.custom("Invalid field(s): \(unknown.joined(separator: ", ")). Allowed: \(allowed)",
                                          path: ["fields"]))
                }
            case "year":
                if let year = Int(value), (1900...9999).contains(year) {
                    query.year = year
                } else {
                    issues.append(.invalidType(expected: "int", received: .string(value), path: ["year"]))
                }
            case "limit":
                if let limit = Int(value), limitRange.contains(limit) {
                    query.limit = limit
                } else if let limit = Int(value), limit < limitRange.lowerBound {
                    issues.append(.tooSmall(origin: "number", minimum: Decimal(limitRange.lowerBound), inclusive: true,
                                            path: ["limit"]))
                } else if let limit = Int(value), limit > limitRange.upperBound {
                    issues.append(.tooLarge(origin: "number", maximum: Decimal(limitRange.upperBound), path: ["limit"]))
                } else {
                    issues.append(.invalidType(expected: "int", received: .string(value), path: ["limit"]))
                }
            default:
                continue // unknown query parameters are stripped, as Zod does for objects by default
            }
        }
        guard issues.isEmpty else { throw APIError.validation(issues) }
        return query
    }
}
