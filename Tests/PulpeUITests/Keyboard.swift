import Foundation
import PulpeCore
import PulpeTerminal
import PulpeTestSupport
import PulpeUI
import Testing

/// Keys through the key table and the core, as the runtime sends them, and the screen as text:
/// what the form tests type and read.
enum Keyboard {
    static func press(_ state: inout AppState, _ keys: [Key]) -> [Effect] {
        keys.flatMap { Core.update(&state, KeyTable.message(for: $0, in: state)) }
    }

    static func type(_ text: String) -> [Key] { text.map { Key.char($0) } }

    static func screen(_ state: AppState) -> String {
        RootView.render(state, now: state.now, context: Contexts.colour).buffer.textLines().joined(separator: "\n")
    }
}
