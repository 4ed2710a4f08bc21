import Foundation
import Hummingbird
import Logging

/// Outermost middleware: picks the request id, turns every thrown error into the backend's error
/// envelope (router 404s included — Hummingbird's own 404 has an empty body, the backend's does
/// not), logs failed requests with their id, and echoes `X-Request-Id` on every response.
struct ErrorEnvelopeMiddleware: RouterMiddleware {
    typealias Context = SandboxContext
    let services: SandboxServices

    func handle(_ request: Request, context: SandboxContext,
                next: (Request, SandboxContext) async throws -> Response) async throws -> Response {
        var context = context
        context.requestId = RequestIdentifier.resolve(request.headers[.requestId])
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as APIError {
            response = render(error, request: request, context: context)
        } catch let error as HTTPError where error.status == .notFound {
            response = render(.routeNotFound(method: request.method.rawValue, path: request.uri.path), request: request,
                              context: context)
        } catch let error as HTTPError {
            let status = Int(error.status.code)
            response = render(.framework(status: status, reason: error.status.reasonPhrase, error.body ?? error.status.reasonPhrase),
                              request: request, context: context)
        } catch {
            services.logger.error("unexpected error", metadata: ["requestId": .string(context.requestId),
                                                                 "error": .string(String(describing: error))])
            response = render(.internalError, request: request, context: context)
        }
        response.headers[.requestId] = context.requestId
        return response
    }

    private func render(_ error: APIError, request: Request, context: SandboxContext) -> Response {
        let metadata: Logger.Metadata = [
            "requestId": .string(context.requestId), "method": .string(request.method.rawValue),
            "path": .string(request.uri.path), "status": .stringConvertible(error.status), "code": .string(error.code),
        ]
        if error.status >= 500 {
            services.logger.error("request failed", metadata: metadata)
        } else {
            services.logger.notice("request refused", metadata: metadata)
        }
        return PulpeErrorResponse.response(for: error, request: request, requestId: context.requestId, now: services.now)
    }
}
