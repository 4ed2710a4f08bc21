import CSealedFiles
import Foundation
import GRDB

/// libcrypto could not be opened: nothing can be sealed.
public struct SealingUnavailable: Error, CustomStringConvertible {
    public var description: String { "libcrypto (libcrypto.so.3) cannot be opened: the local files cannot be sealed" }
}
