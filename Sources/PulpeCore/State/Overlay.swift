/// Something drawn over the current screen that takes the keys until closed.
public enum Overlay: Hashable, Sendable {
    /// The `?` help: every key of the current screen, from the same table as the footer.
    case help
}
