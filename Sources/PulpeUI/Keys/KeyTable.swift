import PulpeCore
import PulpeTerminal

/// Where a binding applies. The current screen (and overlay) select the active scopes.
public enum KeyScope: Hashable, Sendable {
    /// Keys that work on every screen that is not a text field.
    case global
    case splash
    case home
    case help
}

/// One row of the key table: the keys, what they do, and how the footer and help name them.
public struct KeyBinding: Hashable, Sendable {
    public var keys: [Key]
    public var action: Action
    /// French, tutoiement, short enough for the footer.
    public var label: String
    public var scope: KeyScope
    /// Whether the footer line shows it (the help overlay shows every binding of the scope).
    public var inFooter: Bool

    public init(_ keys: [Key], _ action: Action, _ label: String, scope: KeyScope, inFooter: Bool = true) {
        self.keys = keys
        self.action = action
        self.label = label
        self.scope = scope
        self.inFooter = inFooter
    }
}

/// The single key table: it resolves input, draws the footer and fills the `?` help, so the
/// three can never disagree.
public enum KeyTable {
    public static let bindings: [KeyBinding] = [
        KeyBinding([.char("?")], .showHelp, "Aide", scope: .home),
        KeyBinding([.char("q")], .quit, "Quitter", scope: .global),
        KeyBinding([.ctrl("l")], .redraw, "Redessiner l'écran", scope: .global, inFooter: false),
        KeyBinding([.escape, .char("?"), .char("q")], .closeOverlay, "Fermer l'aide", scope: .help),
        KeyBinding([.enter, .char(" ")], .skipSplash, "Passer", scope: .splash, inFooter: false),
    ]

    /// The scopes that take keys in this state, most specific first (an overlay hides the screen).
    public static func scopes(for state: AppState) -> [KeyScope] {
        if state.overlay == .help { return [.help] }
        switch state.screen {
        case .splash: return [.splash, .global]
        case .home: return [.home, .global]
        }
    }

    /// The screen-specific scope whose keys the help overlay lists.
    static func screenScopes(for state: AppState) -> [KeyScope] {
        var copy = state
        copy.overlay = nil
        return scopes(for: copy)
    }

    /// What a key means in this state: an action, or `.unboundKey`.
    public static func message(for key: Key, in state: AppState) -> Msg {
        for scope in scopes(for: state) {
            if let binding = bindings.first(where: { $0.scope == scope && $0.keys.contains(key) }) {
                return .action(binding.action)
            }
        }
        return .unboundKey
    }

    /// The bindings shown in the footer for this state, in table order.
    public static func footer(for state: AppState) -> [KeyBinding] {
        let active = scopes(for: state)
        return active.flatMap { scope in bindings.filter { $0.scope == scope && $0.inFooter } }
    }

    /// Every binding of the screen under the help overlay, for the help itself.
    public static func help(for state: AppState) -> [KeyBinding] {
        let active = screenScopes(for: state)
        return active.flatMap { scope in bindings.filter { $0.scope == scope } }
    }
}
