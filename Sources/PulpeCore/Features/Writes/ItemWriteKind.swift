import Foundation
import PulpeDomain

/// A write as a type (`ItemWrite.kinds`).
public protocol ItemWriteKind: Sendable {
    static var write: ItemWrite { get }
}
