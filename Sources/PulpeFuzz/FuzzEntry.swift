import Foundation
import PulpeFuzzing
#if FUZZING
import CLibFuzzer
#endif

/// The target libFuzzer calls; set once, before the driver starts, and only read after.
enum FuzzEntry {
    nonisolated(unsafe) static var target: FuzzTarget?
}
