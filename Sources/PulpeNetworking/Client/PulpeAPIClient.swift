import Foundation
import PulpeDomain

/// The Pulpe API client: typed endpoints (see the `PulpeAPIClient+…` files) over one request
/// pipeline that
/// - builds the URL and headers (`Accept`, `Content-Type` with a body, `User-Agent`, a fresh
///   `X-Request-Id` per attempt, `Authorization: Bearer` and `X-Client-Key` on data routes,
///   `apikey` on auth-server routes when configured);
/// - refreshes the session once on a 401 and replays the request;
/// - retries transient failures (`RetryPolicy`) within the operation budget, enforced by a
///   watchdog (`Deadline`);
/// - classifies every non-2xx answer into a `PulpeError`, raising `MaintenanceSignal` on
///   503 + `MAINTENANCE` (except for the status probe);
/// - reports each attempt's outcome to the connectivity monitor.
///
/// Every public method throws `PulpeError` only.
public actor PulpeAPIClient {
    public nonisolated let configuration: APIConfiguration
    public nonisolated let maintenance: MaintenanceSignal
    nonisolated let transport: any HTTPTransport
    nonisolated let timing: RequestTiming
    nonisolated let outcomeObserver: (any RequestOutcomeObserver)?

    /// The token source; owned here (the session manager points back weakly).
    private var authorizer: (any RequestAuthorizer)?
    /// The validated client key, in memory only.
    private var clientKey: String?
    /// Told of every change of `clientKey` (the sealed local files open and lock with it).
    private var clientKeyObserver: (@Sendable (ClientKeyChange) -> Void)?

    public init(configuration: APIConfiguration, transport: any HTTPTransport,
                timing: RequestTiming = .live, maintenance: MaintenanceSignal = MaintenanceSignal(),
                outcomeObserver: (any RequestOutcomeObserver)? = nil) {
        self.configuration = configuration
        self.transport = transport
        self.timing = timing
        self.maintenance = maintenance
        self.outcomeObserver = outcomeObserver
    }

    /// Installs the token source (the session manager).
    public func setAuthorizer(_ authorizer: (any RequestAuthorizer)?) {
        self.authorizer = authorizer
    }

    /// Sets the client key sent as `X-Client-Key` (`nil` forgets it). `ClientKeyService` calls this
    /// after validating a key; keys are sent lowercase.
    public func setClientKey(_ key: String?) {
        let installed = key?.lowercased()
        guard installed != clientKey else { return }
        clientKey = installed
        clientKeyObserver?(installed.map(ClientKeyChange.installed) ?? .forgotten)
    }

    /// Forgets a key the server refused (the PIN changed elsewhere): unlike a lock, what it sealed
    /// on this machine stays open — the user is still here, and the next PIN re-wraps it.
    public func dropRefusedClientKey() {
        guard clientKey != nil else { return }
        clientKey = nil
        clientKeyObserver?(.refused)
    }

    /// What opens a client key without the server (the sealed local data's vault), if any.
    public private(set) var offlineKeys: (any OfflineKeyVault)?

    public func setOfflineKeys(_ vault: (any OfflineKeyVault)?) {
        offlineKeys = vault
    }

    /// Tells `observer` of every key installed or forgotten from now on, in order.
    public func observeClientKey(_ observer: @escaping @Sendable (ClientKeyChange) -> Void) {
        clientKeyObserver = observer
    }

    /// Whether data routes can be called (a client key is set).
    public var hasClientKey: Bool { clientKey != nil }

    /// The installed key, for the services that validate it again or remember its check.
    package var installedClientKey: String? { clientKey }

    // MARK: Pipeline

    /// A 2xx answer and what it was about (for decoding errors). `package` so the fuzz harness
    /// (`PulpeFuzzing`) decodes bodies through this very path, not a copy of it.
    package struct Answer: Sendable {
        package var response: HTTPResponseData
        package var context: ErrorContext

        package init(response: HTTPResponseData, context: ErrorContext) {
            self.response = response
            self.context = context
        }
    }

    /// Sends `request` through the whole pipeline; returns the 2xx answer.
    func perform(_ request: APIRequest) async throws(PulpeError) -> Answer {
        let url = try url(for: request)
        let base = ErrorContext(method: request.method.rawValue, path: url.path)
        let authorizer = self.authorizer
        let clientKey = self.clientKey
        if request.access.needsBearer, authorizer == nil {
            throw PulpeError(.unauthorized, context: base.with(message: "no session"))
        }
        if request.access == .bearerAndClientKey, clientKey == nil {
            throw PulpeError(.forbidden(.clientKeyMissing), context: base.with(message: "no client key unlocked"))
        }
        let policy = request.retries ? timing.policy : timing.policy.withoutRetries
        let runner = RetryRunner(policy: policy, clock: timing.clock, jitter: timing.jitter)
        do {
            return try await Deadline.run(budget: policy.operationBudget, clock: timing.deadlineClock, context: base) {
                () async throws(PulpeError) -> Answer in
                try await runner.run(idempotent: request.isIdempotent) { _ async throws(PulpeError) -> Answer in
                    try await self.attempt(request, url: url, authorizer: authorizer, clientKey: clientKey)
                }
            }
        } catch {
            if error.kind == .timeout, error.context.status == nil, error.context.transportCode == nil {
                // The watchdog fired: as much a sign of a dead network as an idle timeout.
                await outcomeObserver?.record(.unreachable(.timedOut))
            }
            throw error
        }
    }

    /// One attempt, with the single refresh-and-replay a 401 earns on bearer routes.
    nonisolated func attempt(_ request: APIRequest, url: URL, authorizer: (any RequestAuthorizer)?,
                             clientKey: String?) async throws(PulpeError) -> Answer {
        guard request.access.needsBearer, let authorizer else {
            return try await exchange(request, url: url, token: nil, clientKey: clientKey)
        }
        let token = try await authorizer.validAccessToken()
        do throws(PulpeError) {
            return try await exchange(request, url: url, token: token, clientKey: clientKey)
        } catch where error.kind == .unauthorized && error.context.status == 401 {
            let fresh = try await authorizer.refreshAfterRejection(of: token)
            return try await exchange(request, url: url, token: fresh, clientKey: clientKey)
        }
    }

    /// One HTTP exchange: build, send, record the outcome, classify.
    nonisolated func exchange(_ request: APIRequest, url: URL, token: String?,
                              clientKey: String?) async throws(PulpeError) -> Answer {
        let requestId = RequestIdentifier.make()
        var context = ErrorContext(method: request.method.rawValue, path: url.path, requestId: requestId)
        if Task.isCancelled { throw PulpeError(.cancelled, context: context) }
        let http = try httpRequest(request, url: url, token: token, clientKey: clientKey, requestId: requestId,
                                   context: context)
        let response: HTTPResponseData
        do {
            response = try await transport.send(http)
        } catch {
            let failure = TransportFailure.from(error)
            if failure.kind != .cancelled { await outcomeObserver?.record(.unreachable(failure.kind)) }
            if Task.isCancelled { throw PulpeError(.cancelled, context: context) }
            throw PulpeError(transport: failure, context: context)
        }
        await outcomeObserver?.record(.answered)
        context.status = response.status
        context.requestId = response.headers["X-Request-Id"] ?? requestId
        if response.isSuccess || (response.status == 304 && request.ifNoneMatch != nil) { return Answer(response: response, context: context) }
        let error = ResponseClassifier.error(for: response, family: request.errorFamily, context: context,
                                             now: timing.now())
        if error.kind == .maintenance, request.signalsMaintenance {
            maintenance.raise(MaintenanceEvent(method: request.method.rawValue, path: url.path,
                                               requestId: error.context.requestId, message: error.context.serverMessage))
        }
        throw error
    }

    /// The request exactly as sent.
    nonisolated func httpRequest(_ request: APIRequest, url: URL, token: String?, clientKey: String?,
                                 requestId: String, context: ErrorContext) throws(PulpeError) -> HTTPRequestData {
        var headers = HTTPHeaders()
        headers["Accept"] = "application/json"
        if request.body != nil { headers["Content-Type"] = "application/json" }
        headers["User-Agent"] = configuration.userAgent
        headers["X-Request-Id"] = requestId
        if let tag = request.ifNoneMatch { headers["If-None-Match"] = tag }
        switch request.access {
        case .anonymous:
            break
        case .bearer, .bearerAndClientKey:
            guard let token else { throw PulpeError(.unauthorized, context: context.with(message: "no access token")) }
            headers["Authorization"] = "Bearer \(token)"
            if request.access == .bearerAndClientKey {
                guard let clientKey else {
                    throw PulpeError(.forbidden(.clientKeyMissing), context: context.with(message: "no client key unlocked"))
                }
                headers["X-Client-Key"] = clientKey
            }
        case .authServer:
            if let anonKey = configuration.authAnonKey { headers["apikey"] = anonKey }
        }
        var data = HTTPRequestData(method: request.method, url: url, headers: headers, body: request.body)
        data.streamsMonth = request.streamsMonth
        return data
    }

    /// The absolute URL of a request, query included.
    nonisolated func url(for request: APIRequest) throws(PulpeError) -> URL {
        let text: String
        var query = request.query
        switch request.target {
        case .api(let path):
            text = configuration.apiBaseURL.absoluteString + "/" + path
        case .serverRoot(let path):
            text = configuration.serverRootURL.absoluteString + "/" + path
        case .authToken(let grant):
            text = configuration.tokenURL.absoluteString
            query.insert(URLQueryItem(name: "grant_type", value: grant.rawValue), at: 0)
        }
        guard var components = URLComponents(string: text) else {
            throw PulpeError(.invalidURL, context: ErrorContext(method: request.method.rawValue, serverMessage: text))
        }
        if !query.isEmpty { components.queryItems = query }
        guard let url = components.url else {
            throw PulpeError(.invalidURL, context: ErrorContext(method: request.method.rawValue, serverMessage: text))
        }
        return url
    }
}

extension ErrorContext {
    /// A copy with `serverMessage` set (for locally detected problems).
    func with(message: String) -> ErrorContext {
        var copy = self
        copy.serverMessage = message
        return copy
    }
}
