import PulpeTestSupport

/// A run that could not be measured completely.
struct RunFailure: Error, CustomStringConvertible {
    let description: String
}
