// swift-tools-version:6.1
// Swift 6 language mode (tools 6.x), strict concurrency. See docs/architecture.md for the module map.
import PackageDescription

#if canImport(Glibc)
import Glibc

/// glibc ≥ 2.36 loads packed relative relocations (DT_RELR). lld then stores `pulpe-app`'s
/// ~125 000 of them (3 MB of `.rela.dyn`, all read at every start) in a few kilobytes; on an older
/// glibc the binary would not load, so the flag is left out there (decision 72).
let packedRelocations: [String] = {
    var buffer = [CChar](repeating: 0, count: 64)  // "glibc 2.36"
    guard confstr(Int32(_CS_GNU_LIBC_VERSION), &buffer, buffer.count) > 0 else { return [] }
    let version = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let parts = version.split(separator: " ").last?.split(separator: ".").compactMap { Int($0) } ?? []
    guard parts.count >= 2, (parts[0], parts[1]) >= (2, 36) else { return [] }
    return ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]
}()
#else
let packedRelocations: [String] = []
#endif

let package = Package(
    name: "pulpe-tui",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "pulpe", targets: ["pulpe"]),
        .executable(name: "pulpe-app", targets: ["pulpe-app"]),
        .executable(name: "pulpe-server", targets: ["pulpe-server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // Property tests of the formulas, pay-day periods and money (tests only).
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // ncursesw as a system library: module map + shim with accessors (see shared notes).
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw"),

        // Pure domain: models, wire format, formulas, pay-day periods, money formatting. Foundation only.
        .target(name: "PulpeDomain"),

        // Cell buffer, styles, layout, capabilities, keys; ncurses and in-memory backends. PulpeDomain
        // for the one list of terminal controls the shell escapes too (issue 58).
        .target(name: "PulpeTerminal", dependencies: ["CNcursesw", "PulpeDomain"]),

        // App core: root state, messages, effects, update, key actions. No I/O.
        .target(name: "PulpeCore", dependencies: ["PulpeDomain"]),
        // Bank statements in (issue 47): CAMT.053 through the system's XML parser, and CSV.
        .target(name: "PulpeImport", dependencies: ["PulpeDomain", "PulpeCore", "CXML2"]),
        // libxml2's SAX2 parser, its entry points looked up in libxml2.so.2 (the few types declared in the shim).
        .systemLibrary(name: "CXML2", path: "Sources/CXML2"),

        // Views: state -> cells. Owns the key table (key -> action, label, scope).
        .target(name: "PulpeUI", dependencies: ["PulpeCore", "PulpeDomain", "PulpeTerminal"]),

        // The client key: PBKDF2-HMAC-SHA256 of the PIN (pulpe-api.md §5), shared by client and sandbox.
        .target(name: "PulpeCrypto", dependencies: [
            "COpenSSLCrypto", "CArgon2",
        ]),

        // The kernel keyring's syscalls (add_key, keyctl) for the kept client key: no library to link.
        .systemLibrary(name: "CKeyring", path: "Sources/CKeyring"),
        // Argon2id from the system's libargon2, opened on first use: the PIN's offline cost (decision 102).
        .systemLibrary(name: "CArgon2", path: "Sources/CArgon2"),
        // The desktop's Secret Service through libsecret, opened on first use: the cache's second secret (decision 105).
        .systemLibrary(name: "CSecretService", path: "Sources/CSecretService"),
        // PBKDF2 and SHA-256 from the system's OpenSSL libcrypto, opened on first use (decision 63).
        .systemLibrary(name: "COpenSSLCrypto", path: "Sources/COpenSSLCrypto"),
        // zlib: the sandbox gzips its answers as the real backend's Express does (issue 61).
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        // glibc's malloc_trim (<malloc.h>, not in Swift's Glibc module): MemoryTrim in PulpeServices.
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),

        // The HTTP client of the Pulpe API: errors, retries, session, client key, connectivity, over
        // the `HTTPTransport` seam (no FoundationNetworking, no NIO: PulpeCurlTransport is the wire).
        // PulpeStatusLine for the key agent's socket, protocol and client, which the launcher shares (decision 103).
        .target(name: "PulpeNetworking", dependencies: ["PulpeDomain", "PulpeCrypto", "CKeyring", "PulpeStatusLine"]),

        // The production transport: libcurl's multi interface on one thread asleep in
        // `curl_multi_poll`, libcurl opened on first use (decision 86): proxies, HTTP/2, the
        // system's CA bundle or the user's. Apart so what only parses (the fuzz targets) never
        // compiles it.
        .target(name: "PulpeCurlTransport", dependencies: ["PulpeNetworking", "PulpeDomain", "CCurl"]),
        // libcurl's headers (libcurl4-openssl-dev) and its entry points looked up in libcurl.so.4.
        .systemLibrary(name: "CCurl", path: "Sources/CCurl"),
        // libssl's server side, for the tests' https server only (TLSTestServer), opened on first use.
        .systemLibrary(name: "COpenSSLTLS", path: "Sources/COpenSSLTLS"),

        // Sealed SQLite files: a VFS shim encrypting a keyed database's pages (decision 83), with
        // libcrypto's AES opened on first use. C, since it is SQLite's own C interface.
        .target(name: "CSealedFiles", linkerSettings: [.linkedLibrary("sqlite3")]),

        // The local store: cache of the last good data (and, later, the outbox) on SQLite.
        .target(name: "PulpeStore", dependencies: [
            "PulpeDomain", "CSealedFiles",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
        ]),

        // The Pulpe-compatible sandbox server: HTTP (Hummingbird) over SQLite (GRDB), demo data.
        .target(name: "PulpeSandbox", dependencies: [
            "PulpeDomain", "PulpeCrypto", "CZlib",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        // `pulpe-server`: the sandbox alone.
        .executableTarget(name: "pulpe-server", dependencies: [
            "PulpeSandbox",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], path: "Sources/PulpeServer"),

        // The headless composition root: configuration, network, cache, outbox, logging, and the
        // narrow services (availability, sessions, budgets, outbox) the TUI and every subcommand
        // use. The built-in sandbox is handed in as a launcher (PulpeApp), started on the first
        // request. Nothing here touches the terminal.
        .target(name: "PulpeServices", dependencies: [
            "PulpeDomain", "PulpeCore", "PulpeNetworking", "PulpeCurlTransport", "PulpeStore", "CMalloc",
            "PulpeCrypto", "PulpeImport", "CSecretService",
            .product(name: "Logging", package: "swift-log"),
        ]),

        // Test and benchmark support: pseudo-terminal driver, VT screen model, golden-file comparison.
        .target(name: "PulpeTestSupport"),

        // The runtime: runs effects, timers and the main loop over a terminal; CLI options.
        .target(name: "PulpeApp", dependencies: [
            "PulpeDomain", "PulpeTerminal", "PulpeCore", "PulpeUI", "PulpeNetworking", "PulpeServices", "PulpeStore",
            "PulpeStatusLine", "PulpeImport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        // What `pulpe status` answers with and depends on, worded and compared without Foundation:
        // shared by the app (which leaves the memo) and the launcher (which serves it).
        .target(name: "PulpeStatusLine", dependencies: ["CKeyring", "CProcessGuard"]),
        // setrlimit and prctl(PR_SET_DUMPABLE) behind fixed-arity wrappers: no core dump of a process holding a key.
        .systemLibrary(name: "CProcessGuard", path: "Sources/CProcessGuard"),

        // `pulpe`, the command users type: a static, Foundation-free launcher that answers a fresh
        // `pulpe status` from the memo and execs `pulpe-app` for everything else (decision 64).
        .executableTarget(name: "pulpe", dependencies: ["PulpeStatusLine"],
                          linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux]))]),

        // `pulpe-app`: the app (TUI and every shell command), statically linked against the Swift
        // runtime and Foundation (lld, so the static archives' order does not matter; the static
        // Foundation's own libraries named, since our modules are compiled for the shared one).
        .executableTarget(name: "pulpe-app", dependencies: ["PulpeApp"], path: "Sources/PulpeAppMain",
                          linkerSettings: [.unsafeFlags(["-static-stdlib", "-use-ld=lld", "-Xlinker", "--as-needed",
                                                         "-lCoreFoundation", "-l_FoundationCollections", "-l_FoundationICU",
                                                         "-l_FoundationCShims", "-lstdc++",
                                                         "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/linker/pulpe-app-startup.order",
                                                         "-Xlinker", "--no-warn-symbol-ordering", "-Xlinker", "--no-export-dynamic"]
                                                         + packedRelocations, .when(platforms: [.linux]))]),

        // `make bench`: drives the real binaries in a pty and writes figures.
        .executableTarget(name: "pulpe-bench", dependencies: [
            "PulpeTestSupport", "PulpeCore", "PulpeUI", "PulpeDomain", "PulpeTerminal", "PulpeStore", "PulpeImport", "PulpeCrypto",
        ], path: "Sources/PulpeBench"),

        // Fuzz targets (`make fuzz`, decision on fuzzing in docs/decisions.md): one function per input
        // path, from bytes to a checked property. Replayed over the committed corpus in `make test`.
        .target(name: "PulpeFuzzing", dependencies: [
            "PulpeDomain", "PulpeCrypto", "PulpeNetworking", "PulpeStore", "PulpeUI", "PulpeTerminal", "PulpeStatusLine",
            "PulpeImport", .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        // libFuzzer's driver entry, declared for the `-DFUZZING` build only (nothing linked otherwise).
        .systemLibrary(name: "CLibFuzzer", path: "Sources/CLibFuzzer"),
        // `pulpe-fuzz`: libFuzzer's driver when built with `-sanitize=fuzzer -DFUZZING`, else a replayer.
        .executableTarget(name: "pulpe-fuzz", dependencies: ["PulpeFuzzing", "CLibFuzzer"], path: "Sources/PulpeFuzz"),

        .testTarget(name: "PulpeDomainTests", dependencies: [
            "PulpeDomain",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "PulpeCryptoTests", dependencies: ["PulpeCrypto"]),
        .testTarget(name: "PulpeImportTests", dependencies: ["PulpeImport", "PulpeDomain", "PulpeCore"], exclude: ["Fixtures"]),
        // Fixtures/: a cache and an outbox in clear, as the last release wrote them (read by path).
        .testTarget(name: "PulpeStoreTests", dependencies: ["PulpeStore", "PulpeDomain"], exclude: ["Fixtures"]),
        .testTarget(name: "PulpeStatusLineTests", dependencies: ["PulpeStatusLine", "PulpeStore", "PulpeDomain"]),
        .testTarget(name: "PulpeNetworkingTests", dependencies: [
            "PulpeNetworking", "PulpeCurlTransport", "PulpeDomain", "PulpeSandbox", "PulpeTestSupport", "PulpeStatusLine",
            .product(name: "Clocks", package: "swift-clocks"),
            // The tests' https server speaks libssl's server side.
            "COpenSSLTLS",
        ]),
        .testTarget(name: "PulpeSandboxTests", dependencies: ["PulpeSandbox", "PulpeDomain", "PulpeCrypto"]),
        .testTarget(name: "PulpeTerminalTests", dependencies: ["PulpeTerminal", "PulpeDomain", "PulpeTestSupport"]),
        .testTarget(name: "PulpeCoreTests", dependencies: [
            "PulpeCore", "PulpeDomain",
            .product(name: "Clocks", package: "swift-clocks"),
        ]),
        .testTarget(name: "PulpeUITests", dependencies: ["PulpeUI", "PulpeCore", "PulpeTerminal", "PulpeTestSupport"],
                    exclude: ["Golden"]),
        .testTarget(name: "PulpeServicesTests", dependencies: [
            "PulpeServices", "PulpeCore", "PulpeDomain", "PulpeNetworking", "PulpeSandbox", "PulpeStore", "PulpeStatusLine",
            .product(name: "Logging", package: "swift-log"),
            // The overlay's property test (OverlayPropertyTests).
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "PulpeAppTests", dependencies: [
            "PulpeApp", "PulpeServices", "PulpeCore", "PulpeDomain", "PulpeNetworking", "PulpeCurlTransport", "PulpeSandbox", "PulpeUI",
            "PulpeTerminal", "PulpeStore",
            .product(name: "Clocks", package: "swift-clocks"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "PulpeFuzzingTests", dependencies: ["PulpeFuzzing"]),
        // The binaries it drives are built by `swift build --build-tests` (every product); not a
        // dependency: the bundle would inherit the launcher's and the app's static linking.
        .testTarget(name: "PulpeE2ETests", dependencies: ["PulpeTestSupport", "PulpeNetworking",
                                                          "PulpeCurlTransport", "PulpeDomain", "PulpeStore",
                                                          "PulpeServices", "PulpeStatusLine"]),
    ]
)
