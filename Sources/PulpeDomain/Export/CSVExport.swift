import Foundation

/// The account's transactions as CSV (RFC 4180: CRLF line ends, fields quoted when they must be),
/// one row per transaction, oldest month first. The amount is the magnitude and `kind` the
/// direction, as Pulpe stores them; `prevision` is empty for a free transaction; names are as typed,
/// but for a `'` before one a spreadsheet would run as a formula (`ExportNames.csvText`).
enum CSVExport {
    static let header = "date,month,name,amount,kind,prevision,checked,id"

    static func render(_ months: [ExportMonth]) -> String {
        var out = header + "\r\n"
        for month in months {
            for entry in month.entries where entry.origin == .transaction {
                let fields = [
                    entry.day.description, month.month.description, ExportNames.csvText(entry.name),
                    ExportNames.amount(entry.amount), entry.kind.rawValue, ExportNames.csvText(entry.prevision ?? ""),
                    entry.status == .unmarked ? "false" : "true", ExportNames.csvText(entry.id),
                ]
                out += fields.joined(separator: ",") + "\r\n"
            }
        }
        return out
    }
}
