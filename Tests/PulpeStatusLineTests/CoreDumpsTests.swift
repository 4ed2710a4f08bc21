#if canImport(Glibc)
import Glibc
#endif
import PulpeStatusLine
import Testing

/// `pulpe` and `pulpe-app` forbid their own core dumps before reading any key (decision 100).
@Suite struct CoreDumpsTests {
    /// In this test process itself (a fork would run Swift after fork in a threaded process): it
    /// then leaves no core either, which nothing here relies on.
    @Test func forbidSetsTheLimitToZeroAndTheProcessNotDumpable() {
        #expect(CoreDumps.forbid())
        #expect(CoreDumps.isDumpable == false)
        var limit = rlimit()
        #expect(getrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit) == 0)
        #expect(limit.rlim_cur == 0 && limit.rlim_max == 0)
    }
}
