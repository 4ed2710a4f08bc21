import ArgumentParser
import Foundation
import PulpeNetworking

/// The flags that shape how the app draws, handed to the terminal's capability detection.
public struct DisplayFlags: Sendable, Equatable {
    public var noColor: Bool
    public var ascii: Bool
    public var reducedMotion: Bool
    public var plain: Bool
}
