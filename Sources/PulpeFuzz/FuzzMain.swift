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
/// The target libFuzzer calls; set once, before the driver starts, and only read after.
enum FuzzEntry {
    nonisolated(unsafe) static var target: FuzzTarget?
}

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

/// The ordinary build: replays files through a target, as `make test` does.
enum Replay {
    static func run(_ arguments: [String]) -> Int32 {
        if arguments.first == "--list" {
            for target in FuzzTarget.all { print("\(target.name)\t\(target.feeds)") }
            return 0
        }
        guard arguments.count >= 2, let target = FuzzTarget.named(arguments[0]) else {
            FileHandle.standardError.write(Data("usage: pulpe-fuzz <target> <file or directory>… | --list\ntargets: \(FuzzMain.names)\n".utf8))
            return 2
        }
        var failures = 0
        var count = 0
        for file in files(arguments.dropFirst()) {
            count += 1
            guard let data = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(Data("cannot read \(file)\n".utf8))
                failures += 1
                continue
            }
            do {
                try target.run(data)
            } catch {
                failures += 1
                print("FAIL \(file): \(error)")
            }
        }
        print("\(target.name): \(count) inputs, \(failures) failures")
        return failures == 0 ? 0 : 1
    }

    /// Files as given, directories' files in name order.
    static func files(_ paths: ArraySlice<String>) -> [String] {
        paths.flatMap { path -> [String] in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return [path] }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { (path as NSString).appendingPathComponent($0) }
        }
    }
}
