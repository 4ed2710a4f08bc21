/// Turns a raw `waitpid` status into the shell convention: the exit code, or 128 + signal number.
///
/// The `WIFEXITED`/`WTERMSIG` macros are not importable into Swift, so the bit layout is decoded by hand
/// (Linux: low 7 bits = terminating signal, 0 when the process exited; next byte = exit code).
func shellExitCode(fromWaitStatus status: Int32) -> Int32 {
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
}
