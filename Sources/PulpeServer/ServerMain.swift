import Foundation
import PulpeSandbox

/// `pulpe-server`: parse the command line, start the sandbox, print the listening line, stop cleanly
/// on SIGTERM/SIGINT. (`@main` rather than top-level code: see the build notes' pitfall 3.)
@main
enum ServerMain {
    static func main() async {
        if let problem = SandboxClock.anchorProblem {
            FileHandle.standardError.write(Data("pulpe-server: \(problem)\n".utf8))
            exit(2)
        }
        let options = ServerOptions.parseOrExit()
        if options.printToday {
            print(SandboxClock.systemDay)
            exit(0)
        }
        let code = await ServerRunner.run(options, environment: ProcessInfo.processInfo.environment)
        exit(code)
    }
}
