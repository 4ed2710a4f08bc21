import PulpeDomain
import Foundation
import PulpeCore
import PulpeTerminal
import PulpeTestSupport
import PulpeUI
import Testing

/// Renders a state at a size and compares it with `Tests/PulpeUITests/Golden/<name>.txt`
/// (`UPDATE_GOLDEN=1 make test` rewrites the files). Text rows first, then one style letter
/// per cell, so a colour regression fails as surely as a layout one.
func expectGolden(_ name: String, state: AppState, now: AppTime = .zero, context: ViewContext,
                  sourceLocation: SourceLocation = #_sourceLocation) {
    let frame = RootView.render(state, now: now, context: context)
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    if let difference = Golden.check(name: name, lines: frame.buffer.textLines(), styles: frame.buffer.styleLines(),
                                     size: (frame.buffer.width, frame.buffer.height), directory: directory) {
        Issue.record(Comment(rawValue: difference), sourceLocation: sourceLocation)
    }
}

extension AppState {
    static func at(_ screen: Screen, columns: Int, rows: Int, overlay: Overlay? = nil) -> AppState {
        AppState(screen: screen, overlay: overlay, terminalSize: Size(width: columns, height: rows))
    }

    static func at(home: HomeState, columns: Int, rows: Int, overlay: Overlay? = nil) -> AppState {
        AppState(home: home, overlay: overlay, terminalSize: Size(width: columns, height: rows))
    }
}

extension HomeState {
    static let alice = HomeState(session: SessionSummary(email: "alice@example.ch", isDemo: false, isUnlocked: true))
}
