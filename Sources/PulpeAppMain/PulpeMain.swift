import PulpeApp
import PulpeStatusLine

#if canImport(Glibc)
import Glibc
#endif

/// `pulpe-app`, the app behind the `pulpe` launcher: everything lives in PulpeApp so it can be
/// tested; this only starts it. The launcher execs it for every command it does not answer itself.
@main
enum PulpeMain {
    static func main() async {
        // Before anything reads a key: an exec resets « dumpable », so the app sets it again (decision 100).
        CoreDumps.forbid()
        // The key agent (decision 103) holds the client key: nothing else of the app runs in it.
        KeyAgentCommand.runIfAsked(CommandLine.arguments)
        #if canImport(Glibc)
        // Debian's libcurl links librtmp, which links GnuTLS, which initialises itself (and
        // p11-kit) when loaded: ~0.8 MiB for a protocol pulpe never speaks. Set before any other
        // thread exists (setenv is not safe beside a concurrent getenv); a user's own value wins.
        setenv("GNUTLS_NO_IMPLICIT_INIT", "1", 0)
        #endif
        AnchoredTodayCheck.refuseMalformed()
        await PulpeCommand.main()
    }
}
