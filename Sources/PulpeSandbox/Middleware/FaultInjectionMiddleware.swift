import Foundation
import Hummingbird

/// Fails a fraction of `/api/v1` requests on purpose (never the admin, health or auth routes).
///
/// - `500`, `503`, `drop`: the route never runs, so nothing is written.
/// - `created-500`, `created-drop` (`POST /api/v1/transactions` only): the route runs and commits;
///   only when it answered 201 is the answer replaced by 500 `ERR_TRANSACTION_CREATE_FAILED` or a
///   closed connection. Any other answer (a 409 on replay, a 400) goes through untouched, so a
///   replay always learns the truth. The row is written once at most: the insert is keyed on the
///   client's id (`TransactionStore.insertIfAbsent`), whatever the fault.
/// - `slow`: the route runs normally and its answer, success or error, is held back 0.5…3 s.
struct FaultInjectionMiddleware: RouterMiddleware {
    typealias Context = SandboxContext
    let switches: RuntimeSwitches

    func handle(_ request: Request, context: SandboxContext,
                next: (Request, SandboxContext) async throws -> Response) async throws -> Response {
        guard RoutePaths.isAPI(request.uri.path),
              let fault = switches.drawFault(isTransactionCreate: RoutePaths.isTransactionCreate(request)) else {
            return try await next(request, context)
        }
        switch fault.kind {
        case .internalError:
            throw APIError.internalError
        case .unavailable:
            throw APIError.injectedUnavailable
        case .drop:
            return Self.drop(context)
        case .createdThenFailed, .createdThenDropped:
            let response = try await next(request, context)
            guard response.status == .created else { return response }
            if fault.kind == .createdThenDropped { return Self.drop(context) }
            throw APIError.transactionCreateFailed
        case .slow:
            let outcome: Result<Response, any Error>
            do {
                outcome = .success(try await next(request, context))
            } catch {
                outcome = .failure(error)
            }
            // `try?`: a server stopping meanwhile cancels the sleep; the answer then just goes out early.
            try? await Task.sleep(for: .milliseconds(fault.delayMilliseconds))
            return try outcome.get()
        }
    }

    /// Closes the connection; the write of the returned response fails on the closed channel, so the
    /// client sees the connection close with no answer.
    private static func drop(_ context: SandboxContext) -> Response {
        context.dropConnection()
        return Response(status: .internalServerError)
    }
}
