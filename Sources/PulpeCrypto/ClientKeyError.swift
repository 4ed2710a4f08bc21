/// Why a client key could not be derived or checked.
public enum ClientKeyError: Error, Sendable, Equatable {
    /// The PIN is not exactly four ASCII digits.
    case invalidPIN
    /// The salt is empty or not hex.
    case invalidSalt
    /// The server asked for an iteration count outside `ClientKey.acceptedIterations`.
    case iterationsOutOfRange(Int)
    /// Internal: a PBKDF2 parameter (rounds or length) below 1.
    case invalidParameters
    /// The system's OpenSSL libcrypto (libcrypto.so.3) cannot be opened.
    case cryptoUnavailable
}
