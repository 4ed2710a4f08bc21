import Foundation

/// What `pulpe query` writes: the rows a query kept and their total, as JSON or CSV (the table is
/// the shell's). Amounts are exact decimal strings, written as `pulpe export` writes them.
public enum QueryReport {
    /// The signed sum: income adds, expenses and savings take away (as they move « Disponible »).
    public static func total(_ rows: [QueryRow]) -> Decimal {
        rows.reduce(Decimal(0)) { sum, row in row.kind == .income ? sum + row.amount : sum - row.amount }
    }

    /// `{"total": "…", "matches": [{"id", "date", "month", "name", "amount", "kind", "line", "tags", "checked", "pending"}]}`.
    public static func json(_ rows: [QueryRow]) -> String {
        var out: [UInt8] = []
        out.append(contentsOf: "{\"total\":".utf8)
        JSONText.appendQuoted(ExportNames.amount(total(rows)), to: &out)
        out.append(contentsOf: ",\"matches\":[".utf8)
        for (index, row) in rows.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            func field(_ name: String, _ value: String?) {
                out.append(contentsOf: "\"\(name)\":".utf8)
                if let value { JSONText.appendQuoted(value, to: &out) } else { out.append(contentsOf: "null".utf8) }
                out.append(UInt8(ascii: ","))
            }
            out.append(UInt8(ascii: "{"))
            field("id", row.id)
            field("date", row.date.description)
            field("month", row.month.description)
            field("name", row.name)
            field("amount", ExportNames.amount(row.amount))
            field("kind", row.kind.rawValue)
            field("line", row.line)
            out.append(contentsOf: "\"tags\":[".utf8)
            for (tagIndex, tag) in row.tags.enumerated() {
                if tagIndex > 0 { out.append(UInt8(ascii: ",")) }
                JSONText.appendQuoted(tag, to: &out)
            }
            out.append(contentsOf: "],\"checked\":\(row.checked),\"pending\":\(row.pending)}".utf8)
        }
        out.append(contentsOf: "]}".utf8)
        return String(decoding: out, as: UTF8.self)
    }

    /// RFC 4180, a header row, CRLF; text cells guarded against spreadsheet formulas as the export's.
    public static func csv(_ rows: [QueryRow]) -> String {
        var out = "date,month,name,amount,kind,line,tags,checked,pending,id\r\n"
        for row in rows {
            out += [row.date.description, row.month.description, ExportNames.csvText(row.name), ExportNames.amount(row.amount),
                    row.kind.rawValue, ExportNames.csvText(row.line ?? ""), ExportNames.csvText(row.tags.joined(separator: ";")),
                    "\(row.checked)", "\(row.pending)", ExportNames.csvText(row.id)].joined(separator: ",") + "\r\n"
        }
        return out
    }
}
