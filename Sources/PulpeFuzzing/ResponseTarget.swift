import Foundation
import PulpeDomain
import PulpeNetworking

/// A whole HTTP answer through the client's own decoding path (`PulpeAPIClient.Answer.enveloped` /
/// `.plain` for a 2xx, `ResponseClassifier` otherwise), for every endpoint the client calls.
///
/// Input: a first line `<endpoint> <status>[ <Retry-After>]`, then the body (see
/// `fuzz/corpus/response/`, written by `scripts/fuzz-seeds.sh` from the sandbox's real answers).
enum ResponseTarget {
    static let target = FuzzTarget(name: "response",
                                   feeds: "a status line + body through `Answer.enveloped`/`plain` (2xx) or `ResponseClassifier` (errors), for each endpoint",
                                   run: run)

    /// How each endpoint's answer is read, exactly as `PulpeAPIClient+…` reads it.
    struct Endpoint: Sendable {
        var family: ErrorFamily
        var decode: @Sendable (PulpeAPIClient.Answer) throws(FuzzViolation) -> Void
    }

    static let endpoints: [String: Endpoint] = [
        "auth-token": plain(AuthSession.self, family: .authServer(.password)),
        "auth-refresh": plain(AuthSession.self, family: .authServer(.refreshToken)),
        "demo-session": enveloped(DemoSession.self),
        "settings": enveloped(UserSettings.self),
        "budgets": enveloped([Budget].self),
        "budget-summaries": enveloped([BudgetSummary].self),
        "budget": enveloped(Budget.self),
        "budget-details": details,
        "budget-exists": plain(BudgetExistence.self),
        "templates": enveloped([BudgetTemplate].self),
        "salt": plain(EncryptionSalt.self),
        "health": plain(HealthStatus.self),
        "maintenance": plain(MaintenanceStatus.self),
        "version": enveloped(AppVersionInfo.self),
        "transactions": enveloped([Transaction].self),
        "transaction": enveloped(Transaction.self),
    ]

    static func run(_ data: Data) throws(FuzzViolation) {
        let newline = data.firstIndex(of: 0x0A) ?? data.endIndex
        let head = Data(data[data.startIndex..<newline]).lossyText.split(separator: " ", maxSplits: 2)
        let body = newline < data.endIndex ? Data(data[(newline + 1)...]) : Data()
        guard head.count >= 2, let endpoint = endpoints[String(head[0])], let status = Int(head[1]),
              (100...599).contains(status) else { return }
        var headers = HTTPHeaders()
        headers["Content-Type"] = "application/json; charset=utf-8"
        if head.count == 3 { headers["Retry-After"] = String(head[2]) }
        let response = HTTPResponseData(status: status, headers: headers, body: body)
        let context = ErrorContext(method: "GET", path: "/fuzz", status: status, requestId: "fuzz-request")
        if response.isSuccess {
            try endpoint.decode(PulpeAPIClient.Answer(response: response, context: context))
        } else {
            let error = ResponseClassifier.error(for: response, family: endpoint.family, context: context, now: now)
            try checkClassified(error, response: response, family: endpoint.family)
        }
    }

    /// A fixed instant: an HTTP-date `Retry-After` is measured from it.
    static let now = Date(timeIntervalSince1970: 1_767_225_600)

    static func enveloped<T: Codable & Sendable>(_ type: T.Type) -> Endpoint {
        Endpoint(family: .api) { answer throws(FuzzViolation) in
            do {
                try RoundTrip.json(try answer.enveloped(T.self), "\(T.self)")
            } catch let error as PulpeError {
                try checkDecodingFailure(error, answer: answer, envelopedFailure: true)
            } catch let violation as FuzzViolation {
                throw violation
            } catch {
                throw FuzzViolation("unexpected error \(error)")
            }
        }
    }

    /// The month as the client reads it (`envelopedDetails`: its transactions straight from the
    /// bytes), which must be exactly what `JSONDecoder` reads whole: the same month to the last
    /// digit of every amount's text, or an error both ways.
    static let details = Endpoint(family: .api) { answer throws(FuzzViolation) in
        let direct = Result { () throws(PulpeError) in try answer.envelopedDetails() }
        let whole = Result { () throws(PulpeError) in try answer.enveloped(BudgetDetails.self) }
        try checkStreamed(answer, against: whole)
        switch (direct, whole) {
        case let (.success(read), .success(decoded)):
            guard read == decoded, read.transactions.map(\.amount.description) == decoded.transactions.map(\.amount.description) else {
                throw FuzzViolation("the wire reader and JSONDecoder read different months")
            }
            try RoundTrip.json(read, "BudgetDetails")
        case let (.failure(error), .failure):
            try checkDecodingFailure(error, answer: answer, envelopedFailure: true)
        case (.success, .failure):
            throw FuzzViolation("the wire reader read a month JSONDecoder refuses")
        case (.failure, .success):
            throw FuzzViolation("the wire reader refused a month JSONDecoder reads")
        }
    }

    /// The body streamed in pieces (`MonthBodyStream`, as the transport reads it): what the
    /// client then reads is the whole body's month, or nothing (it asks again, unstreamed).
    static func checkStreamed(_ answer: PulpeAPIClient.Answer, against whole: Result<BudgetDetails, PulpeError>)
        throws(FuzzViolation) {
        for chunk in [1, 7, 4_096] {
            var stream = MonthBodyStream()
            answer.response.body.withUnsafeBytes { raw in
                for start in stride(from: 0, to: raw.count, by: chunk) {
                    stream.feed(UnsafeRawBufferPointer(rebasing: raw[start..<min(raw.count, start + chunk)]))
                }
            }
            var streamed = answer
            streamed.response.take(stream.finish())
            let read = Result { () throws(PulpeError) in try streamed.streamedDetails(reusing: []) }
            switch (read, whole) {
            case (.success(nil), _), (.failure, .failure): continue
            case let (.success(month?), .success(decoded)) where month == decoded: continue
            default: throw FuzzViolation("the streamed month (pieces of \(chunk)) is not the whole body's")
            }
        }
    }

    static func plain<T: Codable & Sendable>(_ type: T.Type, family: ErrorFamily = .api) -> Endpoint {
        Endpoint(family: family) { answer throws(FuzzViolation) in
            do {
                try RoundTrip.json(try answer.plain(T.self), "\(T.self)")
            } catch let error as PulpeError {
                try checkDecodingFailure(error, answer: answer, envelopedFailure: false)
            } catch let violation as FuzzViolation {
                throw violation
            } catch {
                throw FuzzViolation("unexpected error \(error)")
            }
        }
    }

    /// An unreadable 2xx is `.decoding`, and its message never quotes the body (a token answer
    /// holds secrets). A 2xx carrying `"success":false` is classified as the error it is.
    static func checkDecodingFailure(_ error: PulpeError, answer: PulpeAPIClient.Answer,
                                     envelopedFailure: Bool) throws(FuzzViolation) {
        let object = PulpeJSON.object(from: answer.response.body)
        if envelopedFailure, object?["success"]?.boolValue == false {
            try check(error.kind != .decoding, "a success:false body was read as a decoding failure")
            return
        }
        try check(error.kind == .decoding, "an unreadable 2xx gave \(error.kind), not .decoding")
        let message = error.context.serverMessage ?? ""
        for secret in stringValues(object.map(JSONValue.object) ?? .null) where secret.count >= 8 {
            try check(!message.contains(secret), "the decoding message quotes a body value: \(message)")
        }
        _ = error.description
    }

    /// Non-2xx: maintenance exactly when 503 + `MAINTENANCE`; the status and request id kept; the
    /// server's message shortened; a throttling answer carries its `Retry-After`.
    static func checkClassified(_ error: PulpeError, response: HTTPResponseData, family: ErrorFamily) throws(FuzzViolation) {
        let maintenance = APIErrorBody.isMaintenance(status: response.status, body: response.body)
        try check((error.kind == .maintenance) == maintenance,
                  "maintenance is \(maintenance) but the error is \(error.kind)")
        try check(error.context.status == response.status, "status \(response.status) became \(String(describing: error.context.status))")
        try check(error.context.requestId?.isEmpty == false, "the request id was lost")
        try check((error.context.serverMessage?.count ?? 0) <= 201, "server message not shortened")
        if case .rateLimited(let wait) = error.kind {
            try check(wait == error.context.retryAfter, "Retry-After not carried by .rateLimited")
        }
        if let wait = error.context.retryAfter {
            try check(wait >= .zero, "negative Retry-After \(wait)")
        }
        if case .api = family, !maintenance, let body = APIErrorBody.decode(from: response.body),
           let code = body.errorCode, let byCode = ResponseClassifier.kind(for: code, body: body) {
            try check(error.kind == ResponseClassifier.attachingRetryAfter(byCode, error.context),
                      "code \(code) gave \(error.kind)")
        }
        _ = error.description
    }

    /// Every string value in a JSON tree (not the keys).
    static func stringValues(_ value: JSONValue) -> [String] {
        switch value {
        case .string(let text): return [text]
        case .array(let elements): return elements.flatMap(stringValues)
        case .object(let members): return members.values.flatMap(stringValues)
        default: return []
        }
    }
}
