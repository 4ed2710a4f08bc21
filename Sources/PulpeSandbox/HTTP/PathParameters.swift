import Hummingbird

extension SandboxContext {
    /// A UUID path parameter, lowercased; `HTTP_400` ("Validation failed (uuid is expected)") when the
    /// segment is not UUID-shaped, as Nest's `ParseUUIDPipe` answers.
    func uuidParameter(_ name: String) throws -> String {
        guard let text = parameters.get(name), UUIDText.isShaped(text) else { throw APIError.badUUID }
        return text.lowercased()
    }
}
