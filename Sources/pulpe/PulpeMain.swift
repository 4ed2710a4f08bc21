import PulpeApp

/// The `pulpe` executable: everything lives in PulpeApp so it can be tested; this only starts it.
@main
enum PulpeMain {
    static func main() async {
        await PulpeCommand.main()
    }
}
