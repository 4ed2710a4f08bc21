import Foundation
import PulpeImport

/// A bank statement file, untrusted (`pulpe import`, decision 90): the CAMT.053 reader over the
/// system's XML parser and the CSV reader. Whatever the bytes, a read either fails with a
/// `StatementError` or gives operations whose amounts are positive and names 1…100 characters.
enum StatementTargets {
    static let camt053 = FuzzTarget(name: "camt053", feeds: "any bytes as a CAMT.053 statement (`CAMT053Reader.read`)") { data throws(FuzzViolation) in
        guard let statement = try? CAMT053Reader.read(data) else { return }
        try checkOperations(statement)
    }

    static let csv = FuzzTarget(name: "statement-csv", feeds: "any bytes as a bank CSV (`CSVStatementReader.read`)") { data throws(FuzzViolation) in
        guard let statement = try? CSVStatementReader.read(data) else { return }
        try checkOperations(statement)
    }

    static func checkOperations(_ statement: BankStatement) throws(FuzzViolation) {
        for operation in statement.operations {
            try check(operation.amount > 0 && !operation.amount.isNaN, "an amount of \(operation.amount)")
            try check(!operation.name.isEmpty && operation.name.count <= 100, "a name of \(operation.name.count) characters")
        }
    }
}
