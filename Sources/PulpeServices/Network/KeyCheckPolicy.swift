import PulpeCore
import PulpeDomain
import PulpeNetworking

/// How a kept client key is checked when a session is restored (decision 43).
public enum KeyCheckPolicy: Sendable, Hashable {
    /// Ask `validate-key` at every start: the TUI, started by a person.
    case everyStart
    /// Trust a success remembered for `KeyCheckMemory.trustedFor`: the shell, which a status bar
    /// runs every few seconds (validate-key allows 5 calls a minute).
    case remembered
}
