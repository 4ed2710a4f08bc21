import Foundation
import PulpeDomain

/// A saving prévision's savings goal as an intent names it: by name, or none.
public enum GoalChoice: Hashable, Sendable {
    case named(String)
    case none
}
