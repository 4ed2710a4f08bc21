/// What the server answered one send of an operation, as the decision table reads it: the HTTP
/// status and the backend's `code`, or why there was no answer.
public enum OperationAnswer: Hashable, Sendable {
    /// A 2xx.
    case success(status: Int)
    /// An HTTP error with the backend's code (`ERR_TRANSACTION_NOT_FOUND`, …), if it sent one.
    case failure(status: Int, code: String?)
    /// No answer: refused, DNS, timeout, connection lost.
    case transport
}
