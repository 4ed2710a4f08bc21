import Foundation
import PulpeCrypto
import PulpeDomain
import Synchronization

/// Where a stretched key may outlive the process: beside the kept client key, with its lifetime
/// (`KeptStretches`), and nowhere when the client key is not kept.
public protocol StretchKeeper: Sendable {
    func kept(for account: VaultAccount, record: KeyStretcher.Record) -> [UInt8]?
    func keep(_ stretched: [UInt8], for account: VaultAccount, record: KeyStretcher.Record)
}
