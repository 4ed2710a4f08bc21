import CXML2
import Foundation
import PulpeDomain

/// Reads an ISO 20022 CAMT.053 bank-to-customer statement (`.001.02` to `.001.08`, as Swiss banks
/// issue them per the SIX Swiss Payment Standards) with the system's XML parser (libxml2's SAX2
/// push parser, opened on first use: `CXML2`), as untrusted input: a size limit, UTF-8 only, and a
/// document type declaration refused before parsing — so no DTD, no entity expansion, no external
/// entity can be met; no network either (`XML_PARSE_NONET`).
///
/// Per `Stmt`: the account (IBAN), the OPBD/CLBD balances, each `Ntry` — or, for a batch
/// booking with several `TxDtls`, each transaction of it — as a `BankOperation`.
public enum CAMT053Reader {
    /// 20 MB: a year of a busy account is well under 5.
    public static let sizeLimit = 20_000_000

    public static func read(_ data: Data) throws(StatementError) -> BankStatement {
        guard data.count <= sizeLimit else { throw .tooLarge(limit: sizeLimit) }
        guard !data.isEmpty else { throw .empty }
        // A DTD is where entities (billion laughs, external files) are declared: none may be read.
        if data.range(of: Data("<!DOCTYPE".utf8)) != nil || data.range(of: Data("<!ENTITY".utf8)) != nil {
            throw .declaresDocumentType
        }
        // UTF-8 only, as ISO 20022 messages are: FoundationXML traps on an element name libxml2
        // hands over in another encoding (found by the `camt053` fuzz target: bytes 0xFF in a
        // tag), and the DTD check above reads UTF-8 bytes — a UTF-16 file would slip past it.
        if let problem = Self.encodingProblem(data) { throw problem }
        let delegate = Camt053Delegate()
        try SAXParse.run(data, delegate)
        if let failure = delegate.failure { throw failure }
        guard delegate.sawStatementMessage else { throw .notAStatement(delegate.root ?? "empty") }
        return BankStatement(format: .camt053, version: delegate.version, accounts: delegate.accounts)
    }

    /// Why `data` is not UTF-8 XML, with where: bytes that are not UTF-8 (their line and column),
    /// or an XML declaration naming another encoding. Nil when it is (a UTF-8 BOM allowed).
    static func encodingProblem(_ data: Data) -> StatementError? {
        var line = 1
        var column = 1
        var iterator = data.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar):
                if scalar == "\n" { (line, column) = (line + 1, 1) } else { column += 1 }
            case .emptyInput:
                return declaredEncoding(data).map { .otherEncoding($0) }
            case .error:
                return .notUTF8(line: line, column: column)
            }
        }
    }

    /// The encoding the XML declaration names, when it is not UTF-8 (or its ASCII subset).
    private static func declaredEncoding(_ data: Data) -> String? {
        let head = String(decoding: data.prefix(200), as: UTF8.self)
        guard head.hasPrefix("<?xml") || head.hasPrefix("\u{FEFF}<?xml"), let end = head.range(of: "?>") else { return nil }
        let declaration = head[..<end.lowerBound]
        guard let attribute = declaration.range(of: #"encoding\s*=\s*["']([^"']*)["']"#, options: .regularExpression) else { return nil }
        let value = declaration[attribute].split(whereSeparator: { $0 == "\"" || $0 == "'" }).dropFirst().first.map(String.init) ?? ""
        return ["utf-8", "utf8", "us-ascii", "ascii"].contains(value.lowercased()) ? nil : value
    }
}

/// libxml2's SAX2 push parser over the whole file, its events handed to `Camt053Delegate`: element
/// starts with their local name, namespace and attributes, ends, and text (CDATA as text).
private enum SAXParse {
    static func run(_ data: Data, _ delegate: Camt053Delegate) throws(StatementError) {
        guard let api = pulpe_xml() else { throw .readerMissing }
        var handler = pulpe_xml_sax()
        handler.initialized = UInt32(PULPE_XML_SAX2_MAGIC)
        handler.startElementNs = { context, localname, _, uri, _, _, attributeCount, _, attributes in
            guard let context, let localname else { return }
            let reader = Unmanaged<Camt053Delegate>.fromOpaque(context).takeUnretainedValue()
            var values: [String: String] = [:]
            if let attributes {
                // Five pointers an attribute: local name, prefix, URI, value start, value end.
                for index in 0..<Int(attributeCount) {
                    guard let name = attributes[index * 5], let start = attributes[index * 5 + 3],
                          let end = attributes[index * 5 + 4] else { continue }
                    values[String(cString: name)] = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
                }
            }
            reader.start(String(cString: localname), namespace: uri.map { String(cString: $0) }, attributes: values)
        }
        handler.endElementNs = { context, localname, _, _ in
            guard let context, let localname else { return }
            Unmanaged<Camt053Delegate>.fromOpaque(context).takeUnretainedValue().end(String(cString: localname))
        }
        handler.characters = { context, characters, length in
            guard let context, let characters else { return }
            Unmanaged<Camt053Delegate>.fromOpaque(context).takeUnretainedValue()
                .text(String(decoding: UnsafeBufferPointer(start: characters, count: Int(length)), as: UTF8.self))
        }
        // Errors are read from the context after the parse; without a handler libxml2 would print
        // them on stderr — over the TUI.
        handler.serror = { _, _ in }
        let context = Unmanaged.passUnretained(delegate).toOpaque()
        guard let parser = api.pointee.create_push_parser(&handler, context, nil, 0, nil) else {
            throw .malformed("the XML parser could not start", line: 0, column: 0)
        }
        defer { api.pointee.free_parser(parser) }
        // No network, CDATA as text; no entity substitution, no DTD loading (libxml2's defaults).
        _ = api.pointee.use_options(parser, Int32(PULPE_XML_PARSE_NONET | PULPE_XML_PARSE_NOCDATA))
        delegate.position = { (Int(api.pointee.line(parser)), Int(api.pointee.column(parser))) }
        defer { delegate.position = nil }
        // In chunks: one call with 20 MB is as well, but libxml2 takes an `Int32` length.
        var offset = 0
        var status: Int32 = 0
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            let base = bytes.bindMemory(to: CChar.self).baseAddress
            repeat {
                let length = min(1 << 20, data.count - offset)
                let last: Int32 = offset + length >= data.count ? 1 : 0
                status = api.pointee.parse_chunk(parser, base.map { $0 + offset }, Int32(length), last)
                offset += length
            } while status == 0 && offset < data.count && delegate.failure == nil
        }
        if delegate.failure != nil { return }
        // `xmlParseChunk` answers the context's error number: 0 is a well-formed document.
        guard status == 0 else {
            let error = api.pointee.last_error(parser)
            let message = error?.pointee.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "parse error"
            throw .malformed(message, line: Int(error?.pointee.line ?? api.pointee.line(parser)),
                             column: Int(error?.pointee.int2 ?? api.pointee.column(parser)))
        }
    }
}

/// The SAX side: a stack of local element names, the text of the element being read, and the
/// entry and transaction being built.
private final class Camt053Delegate {
    /// Where the parser is (line, column), while it runs.
    var position: (() -> (Int, Int))?
    private var lineNumber: Int { position?().0 ?? 0 }
    var accounts: [StatementAccount] = []
    var version: String?
    var root: String?
    var sawStatementMessage = false
    var failure: StatementError?

    private var path: [String] = []
    private var text = ""
    private var amountCurrency: String?

    private var account: StatementAccount?
    private var balanceCode: String?
    private var balanceAmount: Decimal?
    private var balanceCredit = true

    private var entry: EntryDraft?
    private var detail: EntryDraft?

    /// What is read of an entry or of one of its transactions before it becomes an operation.
    struct EntryDraft {
        var amount: Decimal?
        var currency: String?
        var credit: Bool?
        var reversal = false
        var booked: CalendarDay?
        var valued: CalendarDay?
        var reference: String?
        var creditor: String?
        var debtor: String?
        var remittance: [String] = []
        var additional: String?
        var line = 0
        var details: [EntryDraft] = []
    }

    func start(_ name: String, namespace: String?, attributes: [String: String]) {
        if path.isEmpty {
            root = name
            if let namespace, let range = namespace.range(of: "camt.053.") {
                version = String(namespace[range.lowerBound...])
            }
        }
        path.append(name)
        text = ""
        amountCurrency = attributes["Ccy"] ?? amountCurrency
        switch name {
        case "BkToCstmrStmt": sawStatementMessage = true
        case "Stmt", "Rpt": account = StatementAccount(account: "", currency: "")
        case "Bal":
            balanceCode = nil
            balanceAmount = nil
            balanceCredit = true
        case "Ntry":
            entry = EntryDraft()
            entry?.line = lineNumber
        case "TxDtls":
            detail = EntryDraft()
            detail?.line = lineNumber
        case "Amt", "TxAmt", "InstdAmt":
            amountCurrency = attributes["Ccy"]
        default: break
        }
    }

    func text(_ string: String) { text += string }

    func end(_ name: String) {
        let value = Self.trimmed(text)
        defer {
            if !path.isEmpty { path.removeLast() }
            text = ""
        }
        let parent = path.count >= 2 ? path[path.count - 2] : ""
        let inDetail = detail != nil
        func set(_ change: (inout EntryDraft) -> Void) {
            if inDetail { change(&detail!) } else if entry != nil { change(&entry!) }
        }
        switch name {
        case "IBAN" where path.contains("Acct") && entry == nil:
            account?.account = value
        case "Id" where parent == "Othr" && path.contains("Acct") && entry == nil && account?.account.isEmpty == true:
            account?.account = value
        case "Ccy" where parent == "Acct" && entry == nil:
            account?.currency = value
        case "Cd" where path.contains("Bal") && path.contains("Tp"):
            balanceCode = value
        case "Amt" where path.contains("Bal") && entry == nil:
            guard let amount = amount(value) else { break }
            balanceAmount = amount
            if account?.currency.isEmpty == true, let currency = amountCurrency { account?.currency = currency }
        case "CdtDbtInd" where path.contains("Bal") && entry == nil:
            balanceCredit = direction(value) ?? true
        case "Bal":
            if let amount = balanceAmount {
                let signed = balanceCredit ? amount : -amount
                if balanceCode == "OPBD" || balanceCode == "PRCD" { account?.opening = signed }
                if balanceCode == "CLBD" { account?.closing = signed }
            }
        case "Amt" where path.contains("Ntry") && !path.contains("Chrgs") && !path.contains("Bal"):
            // The entry's amount, or a transaction's own (`.08`: TxDtls/Amt; earlier: AmtDtls/TxAmt/Amt).
            guard let amount = amount(value) else { break }
            if inDetail {
                if detail?.amount == nil || path.contains("TxAmt") { detail?.amount = amount; detail?.currency = amountCurrency }
            } else if parent == "Ntry" {
                entry?.amount = amount
                entry?.currency = amountCurrency
            }
        case "CdtDbtInd" where path.contains("Ntry"):
            guard let credit = direction(value) else { break }
            set { $0.credit = credit }
        case "RvslInd":
            set { $0.reversal = value == "true" }
        case "Dt", "DtTm":
            guard let day = Self.day(value) else { break }
            if path.contains("BookgDt") { entry?.booked = day }
            if path.contains("ValDt") { entry?.valued = day }
        case "AcctSvcrRef" where path.contains("Ntry"):
            set { $0.reference = value }
        case "Nm" where path.contains("RltdPties"):
            if path.contains("Cdtr") && !path.contains("CdtrAcct") && !path.contains("UltmtCdtr") { set { $0.creditor = $0.creditor ?? value } }
            if path.contains("Dbtr") && !path.contains("DbtrAcct") && !path.contains("UltmtDbtr") { set { $0.debtor = $0.debtor ?? value } }
        case "Ustrd" where path.contains("RmtInf"):
            set { $0.remittance.append(value) }
        case "Ref" where path.contains("CdtrRefInf"):
            set { $0.remittance.append(value) }
        case "AddtlTxInf":
            set { $0.additional = value }
        case "AddtlNtryInf":
            if entry?.additional == nil { entry?.additional = value }
        case "TxDtls":
            if let detail { entry?.details.append(detail) }
            detail = nil
        case "Ntry":
            if let entry { finish(entry) }
            entry = nil
        case "Stmt", "Rpt":
            if let account { accounts.append(account) }
            account = nil
        default:
            break
        }
    }

    /// A `CdtDbtInd`: true for `CRDT`, false for `DBIT` — the only two ISO 20022 allows. Anything
    /// else refuses the file here (a debit read from an unknown word would flip a credit's sign).
    private func direction(_ value: String) -> Bool? {
        switch value {
        case "CRDT": return true
        case "DBIT": return false
        default:
            if failure == nil { failure = .incompleteEntry("CdtDbtInd", line: lineNumber) }
            return nil
        }
    }

    /// `text` as an ISO 20022 amount; when it is not one, the file is refused here (the first
    /// failure is kept) — `Decimal(string:)` would read `12abc` as 12.
    private func amount(_ text: String) -> Decimal? {
        guard let amount = StatementAmount.iso20022(text) else {
            if failure == nil {
                let (line, column) = position?() ?? (0, 0)
                failure = .unreadableAmount(String(text.prefix(40)), line: line, column: column, .notISO20022)
            }
            return nil
        }
        return amount
    }

    /// The entry as operations: itself, or each transaction of a batch (with the entry's date and
    /// direction where a transaction leaves them out).
    private func finish(_ entry: EntryDraft) {
        guard failure == nil, account != nil else { return }
        guard let credit = entry.credit else {
            failure = .incompleteEntry("CdtDbtInd", line: entry.line)
            return
        }
        guard let date = entry.booked ?? entry.valued else {
            failure = .incompleteEntry("BookgDt", line: entry.line)
            return
        }
        let accountId = account?.account ?? ""
        let accountCurrency = account?.currency ?? ""
        func operation(_ part: EntryDraft, amount: Decimal, reference: String?) -> BankOperation {
            let isCredit = part.credit ?? credit
            let counterparty = isCredit ? (part.debtor ?? entry.debtor) : (part.creditor ?? entry.creditor)
            let remittance = (part.remittance.isEmpty ? entry.remittance : part.remittance).joined(separator: " ")
            let fallback = part.additional ?? entry.additional
            let name = [counterparty, remittance.isEmpty ? nil : remittance, fallback]
                .compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }.first { !$0.isEmpty } ?? BankOperation.defaultName
            let details = counterparty != nil && !remittance.isEmpty ? remittance : nil
            let currency = part.currency ?? entry.currency ?? accountCurrency
            return BankOperation(date: date, amount: amount, kind: isCredit ? .income : .expense, name: String(name.prefix(100)),
                                 details: details, reference: reference, account: accountId,
                                 currency: currency.isEmpty ? accountCurrency : currency, isReversal: entry.reversal || part.reversal)
        }
        // `Ntry/Amt` is mandatory (1..1), a batch's too: an entry without it is a malformed file,
        // never made up from its details' amounts.
        guard let entryAmount = entry.amount else {
            failure = .incompleteEntry("Amt", line: entry.line)
            return
        }
        // An amount of zero moves nothing (a fee waived, a card check): no operation, as in a CSV.
        if entry.details.count > 1 {
            for (index, part) in entry.details.enumerated() {
                guard let amount = part.amount else {
                    failure = .incompleteEntry("Amt", line: part.line)
                    return
                }
                guard amount != 0 else { continue }
                let reference = part.reference ?? entry.reference.map { "\($0)/\(index + 1)" }
                account?.operations.append(operation(part, amount: amount, reference: reference))
            }
        } else if entryAmount != 0 {
            let part = entry.details.first ?? EntryDraft()
            account?.operations.append(operation(part, amount: entryAmount, reference: entry.reference ?? part.reference))
        }
    }

    /// `text` without the XML whitespace (space, tab, CR, LF) around it: every element's end trims
    /// its text, most of them only the indentation between tags — Foundation's trimming, per
    /// element, was a third of reading a statement.
    static func trimmed(_ text: String) -> String {
        let bytes = text.utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[first...last])
    }

    /// `2026-11-03` or `2026-11-03T10:15:00+01:00`: the calendar day written.
    static func day(_ text: String) -> CalendarDay? {
        let parts = text.prefix(10).split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        return CalendarDay(year: year, month: month, day: day)
    }
}
