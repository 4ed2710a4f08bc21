import Clocks
import Foundation
@testable import PulpeNetworking
import PulpeDomain
import Testing

/// Collects connectivity outcomes.
actor OutcomeLog: RequestOutcomeObserver {
    private(set) var outcomes: [RequestOutcome] = []

    func record(_ outcome: RequestOutcome) {
        outcomes.append(outcome)
    }
}
