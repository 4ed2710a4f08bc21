import Foundation

/// `pulpe report`'s JSON and CSV (the table is the shell's). Amounts are exact decimal strings, as
/// `pulpe export` writes them; a month is its budget month `YYYY-MM`.
public enum BudgetReportOutput {
    /// `{"months": ["YYYY-MM", …], "rows": [{"key", "kind", "planned": {"YYYY-MM": "…"}, "actual": {…}}]}`:
    /// a month without a plan or without spending is left out of that object.
    public static func json(_ report: BudgetReport) -> String {
        var out: [UInt8] = []
        out.append(contentsOf: "{\"months\":[".utf8)
        out.append(contentsOf: report.months.map { "\"\($0)\"" }.joined(separator: ",").utf8)
        out.append(contentsOf: "],\"rows\":[".utf8)
        for (index, row) in report.rows.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: "{\"key\":".utf8)
            JSONText.appendQuoted(row.key, to: &out)
            out.append(contentsOf: ",\"kind\":".utf8)
            if let kind = row.kind { JSONText.appendQuoted(kind.rawValue, to: &out) } else { out.append(contentsOf: "null".utf8) }
            for (name, values) in [("planned", row.planned), ("actual", row.actual)] {
                out.append(contentsOf: ",\"\(name)\":{".utf8)
                let pairs = report.months.compactMap { month in values[month].map { "\"\(month)\":\"\(ExportNames.amount($0))\"" } }
                out.append(contentsOf: pairs.joined(separator: ",").utf8)
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: "]}".utf8)
        return String(decoding: out, as: UTF8.self)
    }

    /// One line per row and month: `key,kind,month,planned,actual,overrun` (RFC 4180, CRLF).
    public static func csv(_ report: BudgetReport) -> String {
        var out = "key,kind,month,planned,actual,overrun\r\n"
        for row in report.rows {
            for month in report.months {
                out += [ExportNames.csvText(row.key), row.kind?.rawValue ?? "", month.description,
                        ExportNames.amount(row.planned[month] ?? 0), ExportNames.amount(row.actual[month] ?? 0),
                        ExportNames.amount(row.overrun(in: month))].joined(separator: ",") + "\r\n"
            }
        }
        return out
    }
}
