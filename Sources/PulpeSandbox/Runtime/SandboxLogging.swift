import Logging

/// Process-wide logging setup for the executable: everything to stderr, so stdout carries only the
/// listening line scripts wait for.
public enum SandboxLogging {
    public static func bootstrapStandardError() {
        LoggingSystem.bootstrap { label in StreamLogHandler.standardError(label: label) }
    }
}
