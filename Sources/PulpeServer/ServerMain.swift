import Foundation
import PulpeSandbox

/// `pulpe-server`: parse the command line, start the sandbox, print the listening line, stop cleanly
/// on SIGTERM/SIGINT. (`@main` rather than top-level code: see the build notes' pitfall 3.)
@main
enum ServerMain {
    static func main() async {
        let options = ServerOptions.parseOrExit()
        let code = await ServerRunner.run(options, environment: ProcessInfo.processInfo.environment)
        exit(code)
    }
}
