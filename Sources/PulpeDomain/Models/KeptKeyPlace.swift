/// Where the PIN-derived client key is kept between runs (decision 36): the login session's
/// kernel keyring, or a 0600 file.
public enum KeptKeyPlace: String, Sendable, Hashable {
    case keyring
    case file
}
