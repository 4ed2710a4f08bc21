/// A body member as the validators see it: missing, explicitly `null`, or a value. PATCH bodies
/// need all three (missing = keep, null = clear).
enum Field<Value> {
    case absent
    case null
    case value(Value)

    /// The value, or `nil` for absent and null.
    var value: Value? {
        if case .value(let value) = self { return value }
        return nil
    }

    var isAbsent: Bool {
        if case .absent = self { return true }
        return false
    }
}

extension Field: Sendable where Value: Sendable {}
