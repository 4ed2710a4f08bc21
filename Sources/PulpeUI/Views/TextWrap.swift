import PulpeCore
import PulpeTerminal

/// Greedy word wrapping by display width.
///
/// Linear: each word's width is measured once and the line's width kept as a sum (the maintenance
/// screen wraps its paragraph on every animation frame).
enum TextWrap {
    static func lines(_ text: String, width: Int) -> [String] {
        var result: [String] = []
        var current = ""
        var currentWidth = 0
        for piece in text.split(separator: " ") {
            let word = String(piece)
            let wordWidth = word.displayWidth
            if current.isEmpty {
                current = word
                currentWidth = wordWidth
            } else if currentWidth + 1 + wordWidth <= width {
                current += " " + word
                currentWidth += 1 + wordWidth
            } else {
                result.append(current)
                current = word
                currentWidth = wordWidth
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }
}
