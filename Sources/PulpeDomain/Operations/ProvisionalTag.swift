/// A tag created offline has no id until the server makes it (`POST /tags` takes no client id,
/// §15.2): what waits for it names it by a provisional id that carries its name, replaced by the
/// server's id just before the send (`ProvisionalIds`), and shown by its name meanwhile.
public enum ProvisionalTag {
    static let prefix = "tag-pending:"

    /// The provisional id of the tag named `name` (trimmed, as the server keeps it).
    public static func id(for name: String) -> String {
        prefix + name.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The name a provisional id stands for; nil for a server id.
    public static func name(ofId id: String) -> String? {
        id.hasPrefix(prefix) ? String(id.dropFirst(prefix.count)) : nil
    }
}
