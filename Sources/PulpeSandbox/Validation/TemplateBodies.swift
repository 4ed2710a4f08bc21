import Foundation
import PulpeDomain

/// Strict readers for the template bodies (`shared/schemas.ts`: `budgetTemplateCreateSchema`,
/// `budgetTemplateUpdateSchema`, `templateLinesBulkOperationsSchema`; contract §16.5). Types,
/// formats and unknown keys → `ERR_ZOD_VALIDATION_FAILED`; ownership and limits are the writes'.
enum TemplateBodies {
    /// A template line to create or the fields of one to update (`id` set for an update).
    struct Line: Sendable {
        var id: String?
        var name: String?
        var amount: Decimal?
        var kind: TransactionKind?
        var recurrence: Recurrence?
    }

    struct Bulk: Sendable {
        var create: [Line] = []
        var update: [Line] = []
        var delete: [String] = []
        var propagate = false
    }

    struct Create: Sendable {
        var name: String
        var description: String?
        var isDefault: Bool
    }

    struct Update: Sendable {
        var name: String?
        var description: String?
        var isDefault: Bool?
        var isEmpty: Bool { name == nil && description == nil && isDefault == nil }
    }

    static let maxNameLength = 100
    static let lineKeys: Set<String> = ["savingsGoalId", "name", "amount", "kind", "recurrence", "description", "tagIds",
                                        "originalAmount", "originalCurrency", "targetCurrency", "exchangeRate"]

    static func create(_ object: [String: JSONValue]) throws -> Create {
        var reader = BodyReader(object, allowedKeys: ["name", "description", "isDefault", "lines"])
        let name = reader.string("name", required: true, trimmed: true, maxLength: maxNameLength)
        let description = reader.string("description", required: false, trimmed: true, maxLength: 500)
        let isDefault = reader.bool("isDefault", required: false)
        if let text = name.value, text.isEmpty { reader.fail(.tooSmall(origin: "string", minimum: 1, inclusive: true, path: ["name"])) }
        guard reader.issues.isEmpty, let name = name.value else { throw APIError.validation(reader.issues) }
        return Create(name: name, description: description.value, isDefault: isDefault.value ?? false)
    }

    static func update(_ object: [String: JSONValue]) throws -> Update {
        var reader = BodyReader(object, allowedKeys: ["name", "description", "isDefault"])
        let name = reader.string("name", required: false, trimmed: true, maxLength: maxNameLength)
        let description = reader.string("description", required: false, trimmed: true, maxLength: 500)
        let isDefault = reader.bool("isDefault", required: false)
        if let text = name.value, text.isEmpty { reader.fail(.tooSmall(origin: "string", minimum: 1, inclusive: true, path: ["name"])) }
        guard reader.issues.isEmpty else { throw APIError.validation(reader.issues) }
        return Update(name: name.value, description: description.value, isDefault: isDefault.value)
    }

    /// `{create[], update[], delete[], propagateToBudgets}`: at most 100 of each, 200 in all.
    static func bulk(_ object: [String: JSONValue]) throws -> Bulk {
        var reader = BodyReader(object, allowedKeys: ["create", "update", "delete", "propagateToBudgets"])
        var bulk = Bulk()
        bulk.propagate = reader.bool("propagateToBudgets", required: false).value ?? false
        var issues = reader.issues
        bulk.create = lines(object["create"], key: "create", isUpdate: false, issues: &issues)
        bulk.update = lines(object["update"], key: "update", isUpdate: true, issues: &issues)
        switch object["delete"] {
        case nil: break
        case let .array(values)?:
            for (index, value) in values.enumerated() {
                if case let .string(id) = value, UUIDText.isRFC(id) { bulk.delete.append(id.lowercased()) } else {
                    issues.append(.custom("Invalid UUID", path: ["delete", "\(index)"]))
                }
            }
            if values.count > 100 { issues.append(.custom("Too big: expected array to have <=100 items", path: ["delete"])) }
        case .some: issues.append(.custom("Invalid input: expected array", path: ["delete"]))
        }
        if bulk.create.count + bulk.update.count + bulk.delete.count > 200 {
            issues.append(.custom("Total bulk operations cannot exceed 200 items across all arrays", path: ["totalOperations"]))
        }
        guard issues.isEmpty else { throw APIError.validation(issues) }
        return bulk
    }

    private static func lines(_ value: JSONValue?, key: String, isUpdate: Bool, issues: inout [ZodIssue]) -> [Line] {
        guard let value else { return [] }
        guard case let .array(values) = value else {
            issues.append(.custom("Invalid input: expected array", path: [key]))
            return []
        }
        if values.count > 100 { issues.append(.custom("Too big: expected array to have <=100 items", path: [key])) }
        var lines: [Line] = []
        for (index, element) in values.enumerated() {
            guard case let .object(members) = element else {
                issues.append(.custom("Invalid input: expected object", path: [key, "\(index)"]))
                continue
            }
            var reader = BodyReader(members, allowedKeys: isUpdate ? lineKeys.union(["id"]) : lineKeys)
            let id = isUpdate ? reader.uuid("id", required: true).value : nil
            let name = reader.string("name", required: !isUpdate, trimmed: true, maxLength: maxNameLength)
            let amount = reader.number("amount", required: !isUpdate, exclusiveMinimum: 0)
            let kind = reader.option("kind", required: !isUpdate, options: TransactionBodies.kinds)
            let recurrence = reader.option("recurrence", required: !isUpdate, options: BudgetLineBodies.recurrences)
            _ = reader.string("description", required: !isUpdate, trimmed: true, maxLength: 500)
            if let text = name.value, text.isEmpty { reader.fail(.tooSmall(origin: "string", minimum: 1, inclusive: true, path: ["name"])) }
            issues += reader.issues.map { issue in
                var nested = issue
                nested.path = [key, "\(index)"] + issue.path
                return nested
            }
            lines.append(Line(id: id?.lowercased(), name: name.value, amount: amount.value,
                              kind: kind.value.flatMap(TransactionKind.init(rawValue:)),
                              recurrence: recurrence.value.map(Recurrence.init(rawValue:))))
        }
        return lines
    }
}
