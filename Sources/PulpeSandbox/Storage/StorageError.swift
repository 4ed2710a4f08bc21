import Foundation
import GRDB
import PulpeDomain

/// A row that does not read back as a domain value: the database was edited by hand or by a
/// newer sandbox.
enum StorageError: Error, CustomStringConvertible {
    case corrupt(String)

    var description: String {
        switch self {
        case .corrupt(let what): return "unreadable stored value: \(what)"
        }
    }
}
