import Foundation
import Logging
import PulpeCore
import PulpeDomain
import PulpeNetworking
import PulpeStore

/// One sync at a time in this process; a request while one runs waits for it and runs after it
/// (so an expense stored during a sync is still sent). Cancelling the caller cancels its sync
/// (`pulpe add` gives up waiting; the item is released, never lost).
actor SyncGate {
    private var running: Task<SyncReport, Never>?

    func run(_ work: @escaping @Sendable () async -> SyncReport) async -> SyncReport {
        while let current = running {
            _ = await current.value
            if running == current { running = nil }
            if Task.isCancelled { return SyncReport() }
        }
        let task = Task { await work() }
        running = task
        let report = await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
        if running == task { running = nil }
        return report
    }
}
