import Foundation

/// A statement file, whichever its format: XML is read as CAMT.053, anything else as CSV.
public enum StatementReader {
    public static func read(_ data: Data, columns: String? = nil) throws(StatementError) -> BankStatement {
        let head = String(decoding: data.prefix(512), as: UTF8.self).trimmingCharacters(in: CharacterSet(charactersIn: "\u{FEFF}").union(.whitespacesAndNewlines))
        if head.hasPrefix("<") { return try CAMT053Reader.read(data) }
        return try CSVStatementReader.read(data, columns: columns)
    }
}
