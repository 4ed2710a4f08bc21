/// Which server to use.
public enum ServerSelection: Sendable, Hashable {
    /// A configured server.
    case remote(APIConfiguration)
    /// Nothing configured: start the built-in sandbox, then use `APIConfiguration.sandbox(baseURL:)`.
    case builtInSandbox
}
