/// Select Graphic Rendition (`ESC [ ... m`): attributes and 16/256/RGB colours.
extension MiniVT {
    mutating func selectGraphicRendition(_ raw: [Int?]) {
        let params = raw.isEmpty ? [0] : raw.map { $0 ?? 0 }
        var i = 0
        while i < params.count {
            let code = params[i]
            switch code {
            case 0: style = .plain
            case 1: style.attributes.insert(.bold)
            case 2: style.attributes.insert(.dim)
            case 3: style.attributes.insert(.italic)
            case 4: style.attributes.insert(.underline)
            case 5, 6: style.attributes.insert(.blink)
            case 7: style.attributes.insert(.reverse)
            case 8: style.attributes.insert(.invisible)
            case 9: style.attributes.insert(.strikethrough)
            case 21, 22: style.attributes.subtract([.bold, .dim])
            case 23: style.attributes.remove(.italic)
            case 24: style.attributes.remove(.underline)
            case 25: style.attributes.remove(.blink)
            case 27: style.attributes.remove(.reverse)
            case 28: style.attributes.remove(.invisible)
            case 29: style.attributes.remove(.strikethrough)
            case 30...37: style.foreground = .indexed(UInt8(code - 30))
            case 39: style.foreground = .default
            case 40...47: style.background = .indexed(UInt8(code - 40))
            case 49: style.background = .default
            case 90...97: style.foreground = .indexed(UInt8(code - 90 + 8))
            case 100...107: style.background = .indexed(UInt8(code - 100 + 8))
            case 38, 48:
                let (color, used) = Self.extendedColor(params, from: i + 1)
                if let color { if code == 38 { style.foreground = color } else { style.background = color } }
                i += used
            default: break
            }
            i += 1
        }
    }

    /// Parses `5;n` or `2;r;g;b` after a 38/48; returns the colour and how many parameters it used.
    private static func extendedColor(_ p: [Int], from i: Int) -> (VTColor?, Int) {
        guard i < p.count else { return (nil, 0) }
        switch p[i] {
        case 5 where i + 1 < p.count:
            return (.indexed(UInt8(clamping: p[i + 1])), 2)
        case 2 where i + 3 < p.count:
            return (.rgb(UInt8(clamping: p[i + 1]), UInt8(clamping: p[i + 2]), UInt8(clamping: p[i + 3])), 4)
        default:
            return (nil, 1)
        }
    }
}
