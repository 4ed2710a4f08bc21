import Foundation
import GRDB
import PulpeCrypto
import PulpeDomain

/// The demo login the sandbox creates in an empty database (also printed by `pulpe-server --help`).
public enum DemoAccount {
    public static let email = "demo@pulpe.local"
    public static let password = "pulpe-demo"
    /// The PIN the client key is derived from (600 000 PBKDF2 rounds over the account's own salt).
    public static let pin = "1234"
    public static let payDayOfMonth = DemoSeed.payDay
}
