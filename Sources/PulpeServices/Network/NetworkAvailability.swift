import PulpeCore
import PulpeNetworking

/// `AvailabilityService` over HTTP: the status probe, and the network module's maintenance and
/// connectivity signals re-shaped for the core.
struct NetworkAvailability: AvailabilityService {
    let context: ServiceContext

    func checkService() async -> ServiceCheckOutcome {
        do {
            let status = try await context.network.client.maintenanceStatus()
            return status.maintenanceMode ? .maintenance(message: status.message) : .available
        } catch {
            context.logger.warning("maintenance status check failed", metadata: ["error": "\(error.diagnostic)"])
            if error.kind == .offline(.proxy) { return .proxyRefused }
            return error.isTransport ? .unreachable : .failed(reason: error.diagnostic)
        }
    }

    var maintenanceSignals: AsyncStream<String?> {
        let events = context.network.maintenance.events()
        return AsyncStream { continuation in
            let task = Task {
                for await event in events { continuation.yield(event.message) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    var offlineChanges: AsyncStream<Bool> {
        let monitor = context.network.connectivity
        return AsyncStream { continuation in
            let task = Task {
                var last: Bool?
                for await state in await monitor.updates() {
                    let offline = state == .offline
                    if offline != last { continuation.yield(offline) }
                    last = offline
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
