import Hummingbird

/// Header names the sandbox reads or writes. (`HTTPField` itself is not re-exported by Hummingbird;
/// reaching it through `HTTPFields.Element` avoids a direct dependency on swift-http-types.)
extension HTTPFields.Element.Name {
    static let requestId = Self("X-Request-Id")!
    static let clientKey = Self("X-Client-Key")!
    static let apiKey = Self("apikey")!
}

/// The `X-Request-Id` rule (`docs/contract.md` §1): echo a valid lowercase v4 UUID, else make one.
enum RequestIdentifier {
    static func resolve(_ header: String?) -> String {
        if let header, UUIDText.isLowercaseV4(header) { return header }
        return UUIDText.random()
    }
}
