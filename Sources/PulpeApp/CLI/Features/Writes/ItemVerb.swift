import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

/// A verb whose argument is one item (and the change options every write takes).
protocol ItemVerb: AsyncParsableCommand {
    var target: String { get }
    var options: ChangeOptions { get }
    /// What it means, as the TUI's keys would say it.
    var intent: WriteIntent { get }
}
