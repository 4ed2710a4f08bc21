import PulpeDomain
import Foundation
import PulpeTerminal
import PulpeTestSupport
import PulpeUI
import Testing

/// Draws the Main panels straight into a `Painter` the size of a terminal (no app state involved) and
/// compares the result with `Golden/<name>.txt`: text rows, then one style letter per cell.
enum PanelScreens {
    /// The three sizes of the brief: side by side, one panel at a time, the compact minimum.
    static let sizes: [(name: String, size: Size)] = [
        ("120x40", Size(width: 120, height: 40)),
        ("80x24", Size(width: 80, height: 24)),
        ("60x20", Size(width: 60, height: 20)),
    ]
    /// UTF-8 in colour, and ASCII without colour (`NO_COLOR`, `LANG=C`).
    static let contexts: [(suffix: String, context: ViewContext)] = [
        ("", Contexts.colour),
        ("-ascii", Contexts.asciiNoColour),
    ]

    /// The rectangle `MainLayout` gives `panel` on a terminal of `size`.
    static func rect(for panel: MainPanel, size: Size) -> Rect {
        switch MainLayout.panels(for: size, focused: panel) {
        case let .sideBySide(month, year): panel == .month ? month : year
        case let .single(_, rect): rect
        }
    }

    /// The month panel drawn, and the rows of its transaction list (`.zero` when none).
    static func month(_ model: MonthPanelModel, size: Size, context: ViewContext) -> (painter: Painter, listArea: Rect) {
        var painter = Painter(width: size.width, height: size.height, context: context)
        let listArea = MonthPanelView.draw(model, in: rect(for: .month, size: size), into: &painter)
        return (painter, listArea)
    }

    static func year(_ model: YearPanelModel, size: Size, context: ViewContext) -> (painter: Painter, layout: YearPanelLayout) {
        var painter = Painter(width: size.width, height: size.height, context: context)
        let layout = YearPanelView.draw(model, in: rect(for: .year, size: size), into: &painter)
        return (painter, layout)
    }

    /// Compares `painter`'s buffer with the golden `name`, and checks every row is exactly as wide as
    /// the screen (no half of a wide character, nothing spilling).
    static func expectMatches(_ name: String, _ painter: Painter, sourceLocation: SourceLocation = #_sourceLocation) {
        let buffer = painter.buffer
        for (row, line) in buffer.textLines().enumerated() where line.displayWidth != buffer.width {
            Issue.record("\(name): row \(row) is \(line.displayWidth) cells wide, not \(buffer.width)", sourceLocation: sourceLocation)
        }
        let directory = Golden.directory(besides: #filePath)
        if let difference = Golden.check(name: name, lines: buffer.textLines(), styles: buffer.styleLines(),
                                         size: (buffer.width, buffer.height), directory: directory) {
            Issue.record(Comment(rawValue: difference), sourceLocation: sourceLocation)
        }
    }

    /// Renders the month model at every size and context and checks each against `month-<name>-<size>[-ascii]`.
    static func expectMonthGoldens(_ name: String, _ model: MonthPanelModel, sourceLocation: SourceLocation = #_sourceLocation) {
        for size in sizes {
            for context in contexts {
                let (painter, _) = month(model, size: size.size, context: context.context)
                expectMatches("month-\(name)-\(size.name)\(context.suffix)", painter, sourceLocation: sourceLocation)
            }
        }
    }

    /// Same for the year panel: `year-<name>-<size>[-ascii]`.
    static func expectYearGoldens(_ name: String, _ model: YearPanelModel, sourceLocation: SourceLocation = #_sourceLocation) {
        for size in sizes {
            for context in contexts {
                let (painter, _) = year(model, size: size.size, context: context.context)
                expectMatches("year-\(name)-\(size.name)\(context.suffix)", painter, sourceLocation: sourceLocation)
            }
        }
    }
}
