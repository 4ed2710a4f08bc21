import Foundation
import PulpeDomain

/// Where backoff randomness comes from: a number in `0...1` per draw, fed to
/// `Backoff.delay(afterRetries:fraction:)`.
///
/// Injected so tests get exact schedules (a constant, a scripted sequence, or a seeded generator)
/// while production spreads clients out with the system generator.
public struct Jitter: Sendable {
    private let draw: @Sendable () -> Double

    /// `draw` must return values in `0...1`; anything outside is clamped.
    public init(_ draw: @escaping @Sendable () -> Double) {
        self.draw = draw
    }

    /// The next fraction, clamped to `0...1`.
    public func next() -> Double {
        let value = draw()
        return value.isNaN ? 0 : min(1, max(0, value))
    }

    /// The system's generator.
    public static let system = Jitter { Double.random(in: 0...1) }

    /// Always `fraction` (1 = the ceiling itself, i.e. no randomness).
    public static func constant(_ fraction: Double) -> Jitter {
        Jitter { fraction }
    }

    /// The given fractions in order, then the last one forever.
    public static func sequence(_ fractions: [Double]) -> Jitter {
        let remaining = Locked(fractions)
        return Jitter {
            remaining.withLock { values in
                guard let first = values.first else { return 1 }
                if values.count > 1 { values.removeFirst() }
                return first
            }
        }
    }

    /// A reproducible stream for a seed: the shared `SplitMix64`, one value per draw.
    public static func seeded(_ seed: UInt64) -> Jitter {
        let generator = Locked(SplitMix64(seed: seed))
        return Jitter {
            generator.withLock { Backoff.fraction(using: &$0) }
        }
    }
}
