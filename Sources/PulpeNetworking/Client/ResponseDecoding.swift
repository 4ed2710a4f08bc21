import Foundation
import PulpeDomain

extension PulpeAPIClient.Answer {
    /// `{"success":true,"data":T}` → `T`.
    package func enveloped<T: Decodable & Sendable>(_ type: T.Type) throws(PulpeError) -> T {
        switch try decode(CheckedEnvelope<T>.self) {
        case let .success(value):
            return value
        case .failure:
            // A 2xx carrying a failure body: read it as the error it is — when the whole body reads
            // as JSON (a small body; the decoder checks only what it visits, so a damaged one
            // goes on as before and is a decoding failure: the fuzz target's rule).
            guard PulpeJSON.object(from: response.body)?["success"]?.boolValue == false else {
                return try decode(SuccessEnvelope<T>.self).data
            }
            throw ResponseClassifier.apiError(HTTPResponseData(status: 500, headers: response.headers, body: response.body),
                                              context: context, now: SystemTime.now())
        }
    }

    /// `{"success":true,"data":BudgetDetails}` → the month, its transactions read straight from the
    /// body's bytes (`BudgetDetailsWire`) and the rest by `enveloped`'s rules; a body that reader
    /// leaves to `JSONDecoder` is decoded whole by `enveloped`, with its answer or its error.
    /// `held`: the copy of this month in memory, whose strings the answer's equal ones share.
    package func envelopedDetails(reusing held: [Transaction] = []) throws(PulpeError) -> BudgetDetails {
        if let split = BudgetDetailsWire.split(response.body, reusing: held),
           let month = Self.month(rest: split.remainder, transactions: split.transactions) {
            return month
        }
        return try enveloped(BudgetDetails.self)
    }

    /// `{"success":true,"data":AccountExportData}` → the export, every month's transactions read
    /// straight from the body's bytes (`AccountExportSplit`) and the rest by `enveloped`'s rules;
    /// a body that reader leaves to `JSONDecoder` is decoded whole by `enveloped`.
    package func envelopedExport() throws(PulpeError) -> AccountExportData {
        if let split = AccountExportSplit.split(response.body),
           case let .success(rest)? = try? PulpeJSON.decode(CheckedEnvelope<AccountExportData>.self, from: split.remainder),
           rest.months.count == split.transactions.count {
            let months = zip(rest.months, split.transactions).map { month, transactions in
                BudgetDetails(budget: month.budget, transactions: transactions, budgetLines: month.budgetLines)
            }
            return AccountExportData(exportDate: rest.exportDate, months: months)
        }
        return try enveloped(AccountExportData.self)
    }

    /// The month a transport read as the body arrived, with the rest decoded by `enveloped`'s
    /// rules; nil when it was not read that way or does not decode so (ask again, unstreamed);
    /// the answer itself when the body came whole.
    package func streamedDetails(reusing held: [Transaction]) throws(PulpeError) -> BudgetDetails? {
        if response.monthUnread { return nil }
        guard let transactions = response.streamedMonth else { return try envelopedDetails(reusing: held) }
        return Self.month(rest: response.body, transactions: transactions)
    }

    /// The month from the rest of its body (`"transactions":[]`, a success envelope) and the rows
    /// read apart; nil when the rest does not decode so (the whole body is `JSONDecoder`'s then).
    private static func month(rest: Data, transactions: [Transaction]) -> BudgetDetails? {
        guard case let .success(details)? = try? PulpeJSON.decode(CheckedEnvelope<BudgetDetails>.self, from: rest) else {
            return nil
        }
        return BudgetDetails(budget: details.budget, transactions: transactions, budgetLines: details.budgetLines)
    }

    /// A body that is `T` itself (`/health`, maintenance status, encryption, token answers, exists).
    package func plain<T: Decodable>(_ type: T.Type) throws(PulpeError) -> T {
        try decode(type)
    }

    private func decode<T: Decodable>(_ type: T.Type) throws(PulpeError) -> T {
        do {
            return try PulpeJSON.decode(type, from: response.body)
        } catch {
            var context = self.context
            context.serverMessage = ResponseDecodingDescription.describe(error, body: response.body)
            throw PulpeError(.decoding, context: context)
        }
    }
}

/// `{"success":false,…}` or `SuccessEnvelope<T>`'s payload, in one decoding pass. The body used
/// to be decoded twice — first whole into a `JSONValue` tree only to read `success` — and for a
/// month of 100 000 transactions that tree was most of the process's peak memory.
private enum CheckedEnvelope<T: Decodable>: Decodable {
    case success(T)
    case failure

    private enum Keys: String, CodingKey { case success }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        // Only a literal `false` is a failure, as before (a malformed flag is the envelope's business).
        if (try? container.decodeIfPresent(Bool.self, forKey: .success)) == false {
            self = .failure
            return
        }
        self = .success(try SuccessEnvelope<T>(from: decoder).data)
    }
}
