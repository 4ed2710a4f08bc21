import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

/// `--recurrence`: a prévision of this month only, or one that comes back from the template.
enum RecurrenceOption: String, ExpressibleByArgument, CaseIterable {
    case ponctuelle, fixe

    var recurrence: Recurrence { self == .fixe ? .fixed : .oneOff }
}
