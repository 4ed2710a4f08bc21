import Foundation
import PulpeDomain

/// One HTTP response as received: any status, including errors (HTTP errors are not transport failures).
public struct HTTPResponseData: Sendable, Hashable, CustomStringConvertible {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: Data
    /// The month's transactions a transport read as the body arrived (`streamsMonth`): the body is
    /// then the rest, with `"transactions":[]`.
    public var streamedMonth: [Transaction]?
    /// The transport took rows out of the body, then could not read it: the body is lost, and the
    /// month must be asked for again without streaming.
    public var monthUnread = false

    /// Takes what a `MonthBodyStream` read of this answer's body: the body whole, or the rest with
    /// `streamedMonth`, or `monthUnread`.
    public mutating func take(_ outcome: MonthBodyStream.Outcome) {
        switch outcome {
        case let .whole(whole):
            body = whole
        case let .split(remainder, transactions):
            body = remainder
            streamedMonth = transactions
        case .unusable:
            monthUnread = true
        }
    }

    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response with `text` as its exact body.
    public static func json(_ status: Int, _ text: String, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponseData {
        var all = headers
        if all["Content-Type"] == nil { all["Content-Type"] = "application/json; charset=utf-8" }
        return HTTPResponseData(status: status, headers: all, body: Data(text.utf8))
    }

    public var isSuccess: Bool { (200..<300).contains(status) }

    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    public var description: String { "HTTP \(status) [\(headers)] \(body.count) bytes" }
}
