import PulpeApp

/// `pulpe-app`, the app behind the `pulpe` launcher: everything lives in PulpeApp so it can be
/// tested; this only starts it. The launcher execs it for every command it does not answer itself.
@main
enum PulpeMain {
    static func main() async {
        await PulpeCommand.main()
    }
}
