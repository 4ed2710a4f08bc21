import Foundation
import PulpeFuzzing
#if FUZZING
import CLibFuzzer
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
