import CCurl
import Foundation
import PulpeNetworking
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// libcurl's multi interface on one thread of its own (started at the first request, asleep in
/// `curl_multi_poll` while requests wait: no CPU), which owns every easy handle: libcurl's handles
/// are not for several threads. Callers hand transfers in through a locked queue and wake it with
/// `curl_multi_wakeup`, the one call libcurl allows from another thread. The multi handle keeps
/// connections (and HTTP/2 streams) for reuse between requests.
final class CurlDriver: Sendable {
    private struct Inbox {
        var arriving: [CurlTransfer] = []
        var cancelled: [CurlTransfer] = []
        var shuttingDown = false
        var threadStarted = false
        /// The multi handle's address, once the driver's thread made it (`curl_multi_wakeup` needs
        /// it; an address, so the inbox stays Sendable), 0 before and after.
        var multi: UInt = 0
    }

    private let inbox = Mutex(Inbox())
    /// How long the thread sleeps with nothing to do before looking again (a wake-up ends it sooner).
    static let idleSleepMilliseconds = 600_000
    private let caFile: String?
    private let caDirectory: String?

    init(caFile: String?, caDirectory: String?) {
        self.caFile = caFile
        self.caDirectory = caDirectory
    }

    /// Queues `transfer`; false when the driver was shut down (or no thread could be started).
    func submit(_ transfer: CurlTransfer) -> Bool {
        let (accepted, start) = inbox.withLock { inbox -> (Bool, Bool) in
            guard !inbox.shuttingDown else { return (false, false) }
            inbox.arriving.append(transfer)
            defer { inbox.threadStarted = true }
            return (true, !inbox.threadStarted)
        }
        guard accepted else { return false }
        if start {
            guard DriverThread.start({ [self] in run() }) else {
                inbox.withLock { $0.threadStarted = false; $0.arriving.removeAll { $0 === transfer } }
                return false
            }
        } else {
            wake()
        }
        return true
    }

    /// Takes `transfer` off the wire at the driver's next turn (its caller was answered already).
    func cancel(_ transfer: CurlTransfer) {
        inbox.withLock { $0.cancelled.append(transfer) }
        wake()
    }

    /// Ends every transfer and the thread; later submissions are refused.
    func shutDown() {
        inbox.withLock { $0.shuttingDown = true }
        wake()
    }

    var isShutDown: Bool { inbox.withLock { $0.shuttingDown } }

    private func wake() {
        inbox.withLock { inbox in
            if let multi = UnsafeMutableRawPointer(bitPattern: inbox.multi), let api = pulpe_curl() { _ = api.pointee.multi_wakeup(multi) }
        }
    }

    // MARK: - The driver's thread

    private func run() {
        guard let api = pulpe_curl(), let multi = api.pointee.multi_init() else {
            let waiting = inbox.withLock { inbox -> [CurlTransfer] in
                inbox.shuttingDown = true
                defer { inbox.arriving = [] }
                return inbox.arriving
            }
            for transfer in waiting {
                transfer.answer(.failure(TransportFailure(.other, message: "libcurl (libcurl.so.4) could not be loaded")))
            }
            return
        }
        inbox.withLock { $0.multi = UInt(bitPattern: multi) }
        var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
        while true {
            let (arriving, cancelled, stopping) = inbox.withLock { inbox in
                defer { inbox.arriving = []; inbox.cancelled = [] }
                return (inbox.arriving, inbox.cancelled, inbox.shuttingDown)
            }
            for transfer in cancelled {
                guard let easy = transfer.easy, active.removeValue(forKey: easy) != nil else { continue }
                finish(transfer, multi: multi, api: api, with: nil)
            }
            for transfer in arriving {
                if transfer.isAnswered { continue }   // cancelled before it was ever added
                do throws(TransportFailure) {
                    try transfer.prepare(api, caFile: caFile, caDirectory: caDirectory)
                } catch {
                    transfer.release(api)
                    transfer.answer(.failure(error))
                    continue
                }
                guard let easy = transfer.easy, api.pointee.multi_add_handle(multi, easy) == CURLM_OK else {
                    transfer.release(api)
                    transfer.answer(.failure(TransportFailure(.other, message: "curl_multi_add_handle failed")))
                    continue
                }
                active[easy] = transfer
            }
            if stopping {
                for transfer in active.values {
                    finish(transfer, multi: multi, api: api,
                           with: .failure(TransportFailure(.other, code: -1, message: "the transport was shut down")))
                }
                inbox.withLock { $0.multi = 0 }
                _ = api.pointee.multi_cleanup(multi)
                return
            }
            var running: Int32 = 0
            _ = api.pointee.multi_perform(multi, &running)
            var left: Int32 = 0
            while let message = api.pointee.multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                      let transfer = active.removeValue(forKey: easy) else { continue }
                let code = pulpe_curl_message_result(message)
                finish(transfer, multi: multi, api: api, with: transfer.outcome(code, api))
            }
            // The idle timeout: no byte moved for that long (libcurl's LOW_SPEED counts whole seconds).
            let now = ContinuousClock.now
            var nextCheck = Duration.seconds(1)
            for (easy, transfer) in active {
                let idle = now - transfer.lastActivity
                if idle >= transfer.limits.idleTimeout {
                    active.removeValue(forKey: easy)
                    finish(transfer, multi: multi, api: api,
                           with: .failure(.curl(.timedOut, "no byte for \(transfer.limits.idleTimeout)")))
                } else {
                    nextCheck = min(nextCheck, transfer.limits.idleTimeout - idle)
                }
            }
            // Nothing on the wire: asleep until a request, a cancellation or shut-down wakes it (no
            // timer ticking in an idle app); else until the nearest idle deadline.
            let timeout = active.isEmpty ? Self.idleSleepMilliseconds : max(1, CurlTransfer.milliseconds(nextCheck))
            _ = api.pointee.multi_poll(multi, nil, 0, Int32(timeout), nil)
        }
    }

    /// Takes `transfer` off the multi handle (closing its connection if it was mid-answer), frees
    /// it, and answers its caller with `outcome` (nil: already answered).
    private func finish(_ transfer: CurlTransfer, multi: UnsafeMutableRawPointer, api: UnsafePointer<pulpe_curl_api>,
                        with outcome: Result<HTTPResponseData, TransportFailure>?) {
        if let easy = transfer.easy { _ = api.pointee.multi_remove_handle(multi, easy) }
        transfer.release(api)
        if let outcome { transfer.answer(outcome) }
    }
}
