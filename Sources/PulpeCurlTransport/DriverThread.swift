import CCurl
import Foundation
import PulpeNetworking
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The driver's POSIX thread, with SIGPIPE blocked: a write to a closed socket fails with EPIPE
/// instead of killing the app (libcurl uses MSG_NOSIGNAL, TLS libraries do not always).
enum DriverThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    static func start(_ run: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        // A month's rows are decoded here as they arrive: room for JSONDecoder's recursion.
        pthread_attr_setstacksize(&attributes, 2 << 20)
        let body = Unmanaged.passRetained(Body(run)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, &attributes, { raw in
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &blocked, nil)
            Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
            return nil
        }, body)
        if created != 0 { Unmanaged<Body>.fromOpaque(body).release() }
        return created == 0
    }
}
