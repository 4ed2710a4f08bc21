import Foundation
import PulpeDomain

/// How fetching one month or one year ended.
public enum FetchOutcome<Value: Hashable & Sendable>: Hashable, Sendable {
    case fetched(Fetched<Value>)
    case failed(Failure)
}
