import Glibc

/// Monotonic nanosecond timestamps.
///
/// Benchmarks subtract timestamps taken around `forkpty` and `read`; wall-clock time (`Date`) can jump,
/// so every timing in this module uses `CLOCK_MONOTONIC`, which is also what the kernel stamps reads with.
public enum Monotonic {
    /// Nanoseconds since an arbitrary fixed point (boot).
    public static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Seconds elapsed from `start` to `end` (default: now). Never negative.
    public static func seconds(from start: UInt64, to end: UInt64 = now()) -> Double {
        end >= start ? Double(end - start) / 1e9 : 0
    }

    /// Milliseconds elapsed from `start` to `end` (default: now). Never negative.
    public static func milliseconds(from start: UInt64, to end: UInt64 = now()) -> Double {
        seconds(from: start, to: end) * 1000
    }

    /// A deadline `seconds` from now, saturating instead of overflowing for huge timeouts.
    static func deadline(after seconds: Double) -> UInt64 {
        let ns = max(0, seconds) * 1e9
        return now() &+ (ns >= Double(UInt64.max / 2) ? UInt64.max / 2 : UInt64(ns))
    }
}
