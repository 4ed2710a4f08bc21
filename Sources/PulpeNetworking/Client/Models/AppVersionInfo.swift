/// `GET /api/v1/app/version` (`data`): the oldest supported and newest app versions per platform.
/// The backend adds platforms over time, so every platform is optional.
public struct AppVersionInfo: Sendable, Hashable, Codable {
    public struct Platform: Sendable, Hashable, Codable {
        public var minVersion: String?
        public var latestVersion: String?

        public init(minVersion: String? = nil, latestVersion: String? = nil) {
            self.minVersion = minVersion
            self.latestVersion = latestVersion
        }
    }

    public var ios: Platform?
    public var web: Platform?

    public init(ios: Platform? = nil, web: Platform? = nil) {
        self.ios = ios
        self.web = web
    }
}
