// swift-tools-version:6.1
// Swift 6 language mode (tools 6.x), strict concurrency. See docs/architecture.md for the module map.
import PackageDescription

let package = Package(
    name: "pulpe-tui",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "pulpe", targets: ["pulpe"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // ncursesw as a system library: module map + shim with accessors (see shared notes).
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw"),

        // Pure domain: models, wire format, formulas, pay-day periods, money formatting. Foundation only.
        .target(name: "PulpeDomain"),

        // Cell buffer, styles, layout, capabilities, keys; ncurses and in-memory backends.
        .target(name: "PulpeTerminal", dependencies: ["CNcursesw"]),

        // App core: root state, messages, effects, update, key actions. No I/O.
        .target(name: "PulpeCore", dependencies: ["PulpeDomain"]),

        // Views: state -> cells. Owns the key table (key -> action, label, scope).
        .target(name: "PulpeUI", dependencies: ["PulpeCore", "PulpeDomain", "PulpeTerminal"]),

        // Test and benchmark support: pseudo-terminal driver, VT screen model, golden-file comparison.
        .target(name: "PulpeTestSupport"),

        // The runtime: runs effects, timers and the main loop over the ncurses terminal; CLI options.
        .target(name: "PulpeApp", dependencies: [
            "PulpeDomain", "PulpeTerminal", "PulpeCore", "PulpeUI",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        // The `pulpe` executable: parses the command line and hands over to PulpeApp.
        .executableTarget(name: "pulpe", dependencies: ["PulpeApp"]),

        // `make bench`: drives the real binaries in a pty and writes figures.
        .executableTarget(name: "pulpe-bench", dependencies: ["PulpeTestSupport"], path: "Sources/PulpeBench"),

        .testTarget(name: "PulpeDomainTests", dependencies: ["PulpeDomain"]),
        .testTarget(name: "PulpeTerminalTests", dependencies: ["PulpeTerminal", "PulpeTestSupport"]),
        .testTarget(name: "PulpeCoreTests", dependencies: [
            "PulpeCore", "PulpeDomain",
            .product(name: "Clocks", package: "swift-clocks"),
        ]),
        .testTarget(name: "PulpeUITests", dependencies: ["PulpeUI", "PulpeCore", "PulpeTerminal", "PulpeTestSupport"],
                    exclude: ["Golden"]),
        .testTarget(name: "PulpeAppTests", dependencies: [
            "PulpeApp", "PulpeCore",
            .product(name: "Clocks", package: "swift-clocks"),
        ]),
        // Depends on the executable so `swift build --build-tests` builds it.
        .testTarget(name: "PulpeE2ETests", dependencies: ["pulpe", "PulpeTestSupport"]),
    ]
)
