import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

public enum SandboxProcessError: Error {
    case didNotStart(String)
    case adminRefused(Int)
}
