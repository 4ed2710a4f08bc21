/// The weight of a box or rule.
public enum BoxLine: Hashable, Sendable {
    /// `┌─┐`: the default for panels.
    case light
    /// `┏━┓`: emphasis (a focused panel, a dialog).
    case heavy
    /// `╭─╮`: softer corners (popups, toasts).
    case rounded
}
