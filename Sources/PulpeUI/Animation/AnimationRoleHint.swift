/// The colour-role letters a frame's `--- roles` block may use.
public enum AnimationRoleHint: Character, CaseIterable, Sendable {
    case accent = "a"
    case muted = "m"
    case positive = "p"
    case negative = "n"
    case warning = "w"
    case title = "t"

    static var legend: String { allCases.map { String($0.rawValue) }.joined(separator: " ") }
}
