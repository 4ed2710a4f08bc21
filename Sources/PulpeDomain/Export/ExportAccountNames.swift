import Foundation

/// Account names made once per kind and prévision name, not once per row: a name is cleaned scalar
/// by scalar, and a month of 10 000 rows has a dozen prévisions.
struct ExportAccountNames {
    private struct Key: Hashable {
        var kind: TransactionKind
        var prevision: String?
    }

    private var names: [Key: String] = [:]
    private let naming: (TransactionKind, String?) -> String

    init(_ naming: @escaping (TransactionKind, String?) -> String) {
        self.naming = naming
    }

    mutating func callAsFunction(_ kind: TransactionKind, _ prevision: String?) -> String {
        let key = Key(kind: kind, prevision: prevision)
        if let name = names[key] { return name }
        let name = naming(kind, prevision)
        names[key] = name
        return name
    }
}
