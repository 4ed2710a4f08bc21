import ArgumentParser
import Foundation
import PulpeNetworking

/// Everything the command line decided, for the launcher.
struct LaunchOptions: Sendable {
    var display: DisplayFlags
    var server: ConfigurationFlags
}
