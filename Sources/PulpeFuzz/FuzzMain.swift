import Foundation
import PulpeFuzzing
#if FUZZING
import CLibFuzzer
#endif

/// `pulpe-fuzz`: the fuzz targets of `PulpeFuzzing`.
///
/// Built by `make fuzz` with `-sanitize=fuzzer,address -DFUZZING`, `main` hands over to libFuzzer's
/// driver (`LLVMFuzzerRunDriver`), with the target named by `PULPE_FUZZ_TARGET`; every other libFuzzer
/// flag passes through. Built normally (`swift build`), it replays files through a target so a crash
/// file reproduces without the sanitizer: `pulpe-fuzz <target> <file or directory>…`.
@main
struct FuzzMain {
    static func main() {
        #if FUZZING
        let name = ProcessInfo.processInfo.environment["PULPE_FUZZ_TARGET"]
        if name == "--list" { exit(Replay.run(["--list"])) }
        guard let name, let target = FuzzTarget.named(name) else {
            FileHandle.standardError.write(Data("PULPE_FUZZ_TARGET must name a target: \(names)\n".utf8))
            exit(2)
        }
        FuzzEntry.target = target
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOne))
        #else
        exit(Replay.run(Array(CommandLine.arguments.dropFirst())))
        #endif
    }

    static var names: String { FuzzTarget.all.map(\.name).joined(separator: ", ") }
}

#if FUZZING

/// One input: a broken property becomes a crash, which libFuzzer records as a finding.
private func fuzzOne(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    do {
        try FuzzEntry.target!.run(data)
    } catch {
        fatalError("\(FuzzEntry.target!.name): \(error)")
    }
    return 0
}

/// libFuzzer links its own `main`, which needs this symbol; ours runs instead (SwiftPM points
/// `main` at the `@main` type), so this is never called.
@_cdecl("LLVMFuzzerTestOneInput")
public func llvmFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzOne(bytes, count)
}
#endif
