/// A colour as set by SGR: the terminal default, one of the 256 indexed colours, or 24-bit RGB.
public enum VTColor: Sendable, Hashable, CustomStringConvertible {
    case `default`
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)

    public var description: String {
        switch self {
        case .default: return "default"
        case .indexed(let i): return "\(i)"
        case .rgb(let r, let g, let b): return "#" + [r, g, b].map { String(format2hex: $0) }.joined()
        }
    }
}
