/// The rendition of a cell: attributes plus foreground and background colour.
public struct VTStyle: Sendable, Hashable, CustomStringConvertible {
    public var attributes: VTAttributes = []
    public var foreground: VTColor = .default
    public var background: VTColor = .default

    public init(attributes: VTAttributes = [], foreground: VTColor = .default,
                background: VTColor = .default) {
        self.attributes = attributes
        self.foreground = foreground
        self.background = background
    }

    public static let plain = VTStyle()

    public var isBold: Bool { attributes.contains(.bold) }
    public var isReverse: Bool { attributes.contains(.reverse) }

    /// e.g. `bold reverse fg=1 bg=default` -> "bold reverse fg=1"; "plain" when nothing is set.
    public var description: String {
        var parts = VTAttributes.names.filter { attributes.contains($0.0) }.map(\.1)
        if foreground != .default { parts.append("fg=\(foreground)") }
        if background != .default { parts.append("bg=\(background)") }
        return parts.isEmpty ? "plain" : parts.joined(separator: " ")
    }
}
