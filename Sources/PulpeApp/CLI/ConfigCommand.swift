import ArgumentParser
import Foundation
import PulpeDomain
import PulpeNetworking
import PulpeServices
import PulpeStatusLine
import PulpeStore

/// `pulpe config`: the effective configuration and where each value came from (flag,
/// environment, file, default), by the resolver every command uses — nothing is started.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the effective configuration and where each value comes from; set the account's settings.",
        discussion: """
        Server settings: flag > environment > config file (the chosen profile's keys, then the \
        top level's) > default (the built-in sandbox). Profiles live in the config file: \
        {"profile": "pulpe", "profiles": {"pulpe": {"api_url": "https://…/api/v1", …}}}; \
        --profile NAME or PULPE_PROFILE picks one; sandbox is always the built-in sandbox.
        The account's own settings (pay day, currency) are the server's: pulpe config set.
        Exit status: 0, 64 when a setting cannot be used (the reason on stderr).
        """,
        subcommands: [ConfigSetCommand.self])

    @Flag(help: "Print JSON for scripts.")
    var json = false

    @OptionGroup var server: ServerFlags

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let path = ConfigFile.defaultPath(environment: environment)
        let flags = server.configurationFlags
        let rows: [APIConfigurationResolver.Setting]
        let profile: APIConfigurationResolver.Setting
        let selection: ServerSelection
        let locks: LockSettings
        do {
            let file = try ConfigFile.load(path: path)
            locks = try LockSettings.resolve(environment: environment, file: file)
            profile = APIConfigurationResolver.profile(flags: flags, environment: environment, file: file)
            rows = try APIConfigurationResolver.settings(flags: flags, environment: environment, file: file)
            selection = try APIConfigurationResolver.resolve(flags: flags, environment: environment, file: file)
        } catch {
            ShellServices.fail("\(error)", status: ExitStatus.usage)
        }
        let paths = XDGPaths(environment: environment)
        let serverText: String
        switch selection {
        case .builtInSandbox: serverText = "built-in sandbox (data in \(paths.data.appendingPathComponent("sandbox").path))"
        case let .remote(configuration): serverText = configuration.apiBaseURL.absoluteString
        }
        // The saved account's own set (decision 111).
        let account = AppServices.accountFiles(selection, environment: environment)
        let files: [(String, String)] = [
            ("config_file", path + (FileManager.default.fileExists(atPath: path) ? "" : " (absent)")),
            ("session", SessionStore.defaultFileURL(environment: environment).path),
            ("key_agent", KeyAgentPaths.socket(environment: environment,
                                               keptKeysPath: KeptClientKeys.defaultFileURL(environment: environment).path)),
            ("cache", account.cache),
            ("outbox", account.outbox),
            ("log", paths.logFile.path),
        ]
        // When the account was last read whole (decision 81): the stamp beside the sealed cache.
        let replica = CacheStore.replicaStamp(at: account.cache)
        let figures = StatusFiguresSetting.resolve(environment: environment,
                                                   file: try? ConfigFile.load(path: ConfigFile.defaultPath(environment: environment)))
        let transport = TransportSettings.resolve(environment: environment, file: try? ConfigFile.load(path: path))
        let remoteURL: URL? = if case let .remote(configuration) = selection { configuration.apiBaseURL } else { nil }
        let proxy = transport.describeProxy(for: remoteURL)
        let caFile = transport.caFile ?? "system store"
        let serverKey = if case let .remote(configuration) = selection { configuration.sessionKey } else { BuiltInSandbox.sessionKey }
        let protection = ProtectionLine.sentence(ProtectionLine.current(environment: environment, serverKey: serverKey,
                                                                        keyTTLSeconds: locks.keyTTLSeconds, dataKey: account.dataKey))
        if json {
            var object: [String: Any] = ["server": serverText, "protection": protection]
            object["replica"] = replica.map { ["months": $0.value.months, "complete_at": PulpeDate.format($0.fetchedAt)] as [String: Any] }
                ?? NSNull()
            for row in [profile] + rows {
                object[row.key] = ["value": row.value.map { $0 as Any } ?? NSNull(), "origin": row.origin.layer,
                                   "source": row.origin.description] as [String: Any]
            }
            object["key_ttl"] = ["value": locks.keyTTLSeconds, "origin": locks.keyTTLOrigin] as [String: Any]
            object["lock_after"] = ["value": locks.lockAfterSeconds, "origin": locks.lockAfterOrigin] as [String: Any]
            object["status_figures"] = ["value": figures.isOn, "origin": figures.origin] as [String: Any]
            object["proxy"] = ["value": proxy.value, "origin": proxy.origin] as [String: Any]
            object["no_proxy"] = ["value": transport.noProxy.joined(separator: ","), "origin": transport.noProxyOrigin ?? ""]
                as [String: Any]
            object["ca_file"] = ["value": caFile, "origin": transport.caFileOrigin ?? "default"] as [String: Any]
            object["keyring"] = KernelKeyring.sessionIfAvailable() != nil
            for (key, value) in files { object[key] = value }
            ShellServices.say(PanelJSON.text(object))
            return
        }
        var table = TextTable([.left, .left, .left])
        table.add(["server", serverText, ""])
        for row in [profile] + rows {
            let value = row.key == "auth_anon_key" ? row.value.map(Self.abridged) : row.value
            table.add([row.key, value ?? "—", row.origin == .builtIn ? "default" : "\(row.origin.layer): \(row.origin)"])
        }
        table.add(["key_ttl", Self.duration(locks.keyTTLSeconds, never: "0 (never kept)"), locks.keyTTLOrigin])
        table.add(["lock_after", Self.duration(locks.lockAfterSeconds, never: "0 (never locks)"), locks.lockAfterOrigin])
        table.add(["status_figures", figures.isOn ? "on (the month's figures in clear for the status bar)" : "off",
                   figures.origin])
        table.add(["proxy", proxy.value, proxy.origin])
        if !transport.noProxy.isEmpty { table.add(["no_proxy", transport.noProxy.joined(separator: ","), transport.noProxyOrigin ?? ""]) }
        table.add(["ca_file", caFile, transport.caFileOrigin ?? "default"])
        table.add(["keyring", KernelKeyring.sessionIfAvailable() != nil ? "session keyring" : "none (kept key held in memory by the key agent)", ""])
        for (key, value) in files { table.add([key, value, ""]) }
        let replicaText = replica.map {
            "\($0.value.months) mois, complet le " + DateFormatting.stamp($0.fetchedAt, now: SystemTime.now(), in: .system)
        }
        table.add(["replica", replicaText ?? "jamais lu en entier (pulpe sync)", "the whole account, kept locally"])
        // What protects the local data, in one plain line (decision 104), under the table.
        ShellServices.say((table.lines + [protection]).joined(separator: "\n"))
    }

    /// `8h`, `15m`, or what 0 means for this setting.
    static func duration(_ seconds: Int, never: String) -> String {
        seconds == 0 ? never : DurationText.format(seconds: seconds)
    }

    /// The anon key is public, but long: its ends are enough to recognise it.
    static func abridged(_ key: String) -> String {
        key.count > 16 ? "\(key.prefix(6))…\(key.suffix(4))" : key
    }
}
