/// Where text sits inside a wider field.
public enum TextAlignment: Hashable, Sendable {
    case left
    case right
    /// Centred; when the spare cells are odd, the extra one goes to the right.
    case center
}
