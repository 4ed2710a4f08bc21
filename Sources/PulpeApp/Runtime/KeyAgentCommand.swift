#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PulpeNetworking

/// `pulpe-app key-agent --socket PATH`: the key agent (decision 103), started by a `keep` that
/// found none. Hidden: read before the command-line parser, so no help lists it; a person has no
/// reason to type it.
public enum KeyAgentCommand {
    /// Runs the agent and exits when `arguments` ask for it; returns otherwise.
    public static func runIfAsked(_ arguments: [String]) {
        guard arguments.count >= 2, arguments[1] == KeyAgentServer.command else { return }
        exit(KeyAgentServer.main(Array(arguments.dropFirst(2))))
    }
}
