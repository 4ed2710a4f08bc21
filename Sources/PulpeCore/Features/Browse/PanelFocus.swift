import Foundation
import PulpeDomain

/// Which main panel has the keys (at 80×24 it is also the one shown).
public enum PanelFocus: Hashable, Sendable {
    case month
    case year
}
