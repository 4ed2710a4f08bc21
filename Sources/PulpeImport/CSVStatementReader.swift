import Foundation
import PulpeDomain

/// Reads a bank's CSV export: the separator (`;`, `,` or tab), the columns (Swiss-German, French
/// or English headers: date, amount or debit/credit, text) and the date and amount formats are
/// detected — or the columns given (`--columns date,amount,name`). A BOM and CRLF are fine;
/// quoted fields may hold the separator and doubled quotes.
public enum CSVStatementReader {
    /// The columns an import needs, by index.
    public struct Columns: Hashable, Sendable {
        public var date: Int
        public var amount: Int?
        public var debit: Int?
        public var credit: Int?
        public var name: Int
        public var currency: Int?

        public init(date: Int, amount: Int? = nil, debit: Int? = nil, credit: Int? = nil, name: Int, currency: Int? = nil) {
            self.date = date
            self.amount = amount
            self.debit = debit
            self.credit = credit
            self.name = name
            self.currency = currency
        }

        /// `date,amount,name` (or `date,debit,credit,name`) as the header's names, case aside, or
        /// 1-based positions.
        public static func parse(_ spec: String, header: [String]) -> Columns? {
            var found: [String: Int] = [:]
            for part in spec.split(separator: ",") {
                let pieces = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pieces.count == 2 else { return nil }
                let index = Int(pieces[1]).map { $0 - 1 }
                    ?? header.firstIndex { $0.lowercased() == pieces[1].lowercased() }
                guard let index, index >= 0 else { return nil }
                found[pieces[0].lowercased()] = index
            }
            guard let date = found["date"], let name = found["name"], found["amount"] != nil || found["debit"] != nil else { return nil }
            return Columns(date: date, amount: found["amount"], debit: found["debit"], credit: found["credit"], name: name,
                           currency: found["currency"])
        }
    }

    static let dateHeaders = ["buchungsdatum", "datum", "date", "date de comptabilisation", "booking date", "date comptable",
                              "valuta", "valutadatum", "date valeur", "value date", "abschlussdatum"]
    static let amountHeaders = ["betrag", "montant", "amount", "betrag chf", "montant chf", "amount chf"]
    static let debitHeaders = ["belastung", "débit", "debit", "lastschrift", "sortie", "debit chf", "belastung chf",
                               "lastschrift in chf", "belastung in chf", "débit en chf", "debit in chf"]
    static let creditHeaders = ["gutschrift", "crédit", "credit", "entrée", "credit chf", "gutschrift chf", "gutschrift in chf",
                                "crédit en chf", "credit in chf"]
    static let nameHeaders = ["buchungstext", "text", "libellé", "libelle", "description", "avisierungstext", "details",
                              "beschreibung", "mitteilung", "communication", "texte", "zahlungsempfänger", "bénéficiaire"]
    static let currencyHeaders = ["währung", "devise", "currency", "monnaie"]

    public static func read(_ data: Data, columns spec: String? = nil) throws(StatementError) -> BankStatement {
        guard data.count <= CAMT053Reader.sizeLimit else { throw .tooLarge(limit: CAMT053Reader.sizeLimit) }
        let text = try StatementText.decode(data).text
        // Line numbers are the file's: blank lines are counted, then left out.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init).enumerated()
            .filter { !$0.element.trimmingCharacters(in: .whitespaces).isEmpty }
        guard !lines.isEmpty else { throw .empty }
        // The header: the first line naming a date column (some banks put account lines above it).
        let separator = detectSeparator(lines.map(\.element))
        let rows = lines.map { (line: $0.offset + 1, fields: split($0.element, separator: separator)) }
        guard let headerIndex = rows.firstIndex(where: { row in row.fields.contains { dateHeaders.contains(normalized($0)) } })
            ?? (spec != nil ? 0 : nil) else {
            throw .unknownColumns(header: rows.first?.fields ?? [])
        }
        let header = rows[headerIndex].fields
        guard let columns = spec.flatMap({ Columns.parse($0, header: header) }) ?? detectColumns(header) else {
            throw .unknownColumns(header: header)
        }
        // First each row's day and amount as written; then the amounts read together, under the
        // file's one format (`StatementAmount`).
        // A row's amount cells: the signed amount's, or the debit's and the credit's — both when the
        // file writes both (some write `0.00` in the one not used).
        var booked: [(date: CalendarDay, line: Int, amounts: [(direction: Direction, cell: Int)], name: String?, currency: String?)] = []
        var cells: [StatementAmount.Cell] = []
        for row in rows.dropFirst(headerIndex + 1) {
            func cell(_ index: Int?) -> String? {
                guard let index, row.fields.indices.contains(index) else { return nil }
                let value = row.fields[index].trimmingCharacters(in: .whitespaces)
                return value.isEmpty ? nil : value
            }
            // Summary lines (a total, a balance) have no date: skipped.
            guard let dateText = cell(columns.date) else { continue }
            guard let date = day(dateText) else { throw .unreadableRow(line: row.line, "date « \(dateText) »") }
            let written = [(Direction.signed, columns.amount), (.debit, columns.debit), (.credit, columns.credit)]
                .compactMap { direction, index in index.flatMap { column in cell(column).map { (direction, column, $0) } } }
            guard !written.isEmpty else { throw .unreadableRow(line: row.line, "no amount") }
            var amounts: [(direction: Direction, cell: Int)] = []
            for (direction, column, text) in written {
                amounts.append((direction, cells.count))
                cells.append(StatementAmount.Cell(text, line: row.line, column: column + 1))
            }
            booked.append((date, row.line, amounts, cell(columns.name), cell(columns.currency)))
        }
        let amounts = try StatementAmount.read(cells)
        var operations: [BankOperation] = []
        for row in booked {
            // One amount a row: a debit and a credit both other than zero say two things at once.
            let nonZero = row.amounts.filter { amounts[$0.cell].value != 0 }
            guard nonZero.count <= 1 else { throw .unreadableRow(line: row.line, "both a debit and a credit") }
            guard let (direction, index) = nonZero.first else { continue }
            let amount = amounts[index]
            // A code written with the amount is its currency; the row's currency column may not
            // say another.
            if let code = amount.currency, let other = row.currency, other != code {
                throw StatementAmount.refusal(cells[index], .otherCurrency(other))
            }
            let signed = switch direction {
            case .signed: amount.value
            case .debit: -abs(amount.value)
            case .credit: abs(amount.value)
            }
            operations.append(BankOperation(date: row.date, amount: abs(signed), kind: signed > 0 ? .income : .expense,
                                            name: row.name.map { String($0.prefix(100)) } ?? BankOperation.defaultName,
                                            currency: amount.currency ?? row.currency ?? "CHF"))
        }
        guard !operations.isEmpty else { throw .empty }
        return BankStatement(format: .csv, accounts: [StatementAccount(account: "", currency: operations[0].currency,
                                                                       operations: operations)])
    }

    /// Which way a row's amount goes: signed in one column, or a debit's or a credit's.
    enum Direction { case signed, debit, credit }

    static func normalized(_ header: String) -> String {
        header.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "  ", with: " ")
    }

    static func detectSeparator(_ lines: [String]) -> Character {
        let sample = lines.prefix(10)
        let candidates: [Character] = [";", "\t", ","]
        return candidates.max { left, right in
            sample.map { split($0, separator: left).count }.reduce(0, +) < sample.map { split($0, separator: right).count }.reduce(0, +)
        } ?? ";"
    }

    static func detectColumns(_ header: [String]) -> Columns? {
        let names = header.map(normalized)
        func first(_ candidates: [String]) -> Int? {
            for candidate in candidates { if let index = names.firstIndex(of: candidate) { return index } }
            return nil
        }
        guard let date = first(dateHeaders), let name = first(nameHeaders) else { return nil }
        let amount = first(amountHeaders)
        let debit = first(debitHeaders)
        let credit = first(creditHeaders)
        guard amount != nil || debit != nil || credit != nil else { return nil }
        return Columns(date: date, amount: amount, debit: debit, credit: credit, name: name, currency: first(currencyHeaders))
    }

    /// One line's fields: quoted ones may hold the separator, `""` is a quote.
    static func split(_ line: String, separator: Character) -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var iterator = Array(line).makeIterator()
        var pending: Character? = iterator.next()
        while let character = pending {
            pending = iterator.next()
            if quoted {
                if character == "\"" {
                    if pending == "\"" {
                        field.append("\"")
                        pending = iterator.next()
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == separator {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
        }
        fields.append(field)
        return fields
    }

    /// `03.11.2026`, `3.11.26`, `2026-11-03`, `03/11/2026`.
    static func day(_ text: String) -> CalendarDay? {
        let value = text.trimmingCharacters(in: .whitespaces).prefix(10)
        if value.contains("-") {
            let parts = value.split(separator: "-").compactMap { Int($0) }
            return parts.count == 3 ? CalendarDay(year: parts[0], month: parts[1], day: parts[2]) : nil
        }
        let parts = value.split(whereSeparator: { $0 == "." || $0 == "/" }).compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return CalendarDay(year: parts[2] < 100 ? 2000 + parts[2] : parts[2], month: parts[1], day: parts[0])
    }
}
