/// One frame: its text lines and, optionally, a colour-role letter per character.
public struct AnimationFrame: Hashable, Sendable {
    public let lines: [String]
    /// Same shape as `lines`; each character names a role (see `AnimationRoleHint`). Empty when the
    /// frame has no hints, in which case the whole frame uses the animation's default role.
    public let roleHints: [String]
    /// The widest line, in characters.
    public let width: Int

    public init(lines: [String], roleHints: [String] = []) {
        self.lines = lines
        self.roleHints = roleHints
        self.width = lines.map(\.count).max() ?? 0
    }
}
