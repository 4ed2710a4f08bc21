import PulpeCore
import PulpeNetworking

extension Failure {
    /// The core's name for what went wrong on the wire: the one translation of `PulpeError`.
    init(_ error: PulpeError) {
        switch error.kind {
        case .offline(.proxy): self = .proxyRefused
        case .offline: self = .unreachable
        case .timeout: self = .timeout
        case .cancelled: self = .cancelled
        case .invalidURL: self = .invalidServerAddress
        case .insecureURL: self = .insecureServerAddress
        case .unauthorized: self = .sessionExpired
        case let .forbidden(reason):
            switch reason {
            case .accountBlocked: self = .accountBlocked
            case .ipBlocked: self = .ipBlocked
            case .clientKeyMissing: self = .pinRequired
            case .clientKeyInvalid: self = .clientKeyInvalid
            case .authKeyRejected: self = .authKeyRejected
            case .other: self = .accessDenied
            }
        case .notFound: self = .notFound
        case let .conflict(reason):
            switch reason {
            case .budgetAlreadyExists: self = .budgetAlreadyExists
            case .transactionAlreadyExists: self = .transactionAlreadyExists
            case .other: self = .conflict
            }
        case .rateLimited: self = .rateLimited
        case .validation: self = .rejected
        case .serverError: self = .serverError
        case .maintenance: self = .maintenance
        case .wrongClientKey: self = .wrongPin
        case .invalidCredentials: self = .invalidCredentials
        case .untrustedKeyParameters: self = .untrustedKeyParameters
        case .decoding: self = .unreadable
        }
    }
}
