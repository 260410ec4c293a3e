import CensorKit
import Foundation
import Synchronization

/// What `censor` does when it is interrupted: on SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE,
/// SIGUSR1, SIGUSR2 or SIGALRM it removes every temporary output it is writing, says so, and
/// exits with 128 + the signal's number (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP, 131
/// for SIGQUIT, 141 for SIGPIPE, 138 and 140 for SIGUSR1 and SIGUSR2, 142 for SIGALRM). Only
/// SIGKILL can leave a temporary file; the next run that writes into its folder removes it.
/// A write to a standard output whose reader went away ends censor the same way, as SIGPIPE. The inputs and any output that existed before are
/// untouched, since an output only ever replaces its destination by a final rename.
///
/// The signals are blocked in every thread and taken by one thread waiting in `sigwait`, so
/// the cleanup runs as ordinary code rather than in a signal handler, where almost nothing is
/// safe to call. ``CensorKit/TemporaryOutputs`` creates, renames and removes temporary files
/// under one lock, so the cleanup sees every file that exists and none appears after it.
///
/// A signal the process sends itself is the Swift runtime's crash handler stopping threads,
/// not an interruption: it is left to the handler, which reports the crash.
///
/// SIGXFSZ is ignored, so that a write past the file-size limit (`ulimit -f`) fails with an
/// error censor reports and cleans up after, instead of killing the process mid-write.
enum SignalHandling {
    /// The signals that stop `censor` cleanly.
    static let stopping: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM]

    /// The signals' names, for the message.
    static let names: [Int32: String] = [
        SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP", SIGQUIT: "SIGQUIT", SIGPIPE: "SIGPIPE",
        SIGUSR1: "SIGUSR1", SIGUSR2: "SIGUSR2", SIGALRM: "SIGALRM",
    ]

    /// Installs the handling; call before any other thread starts, so that every thread
    /// inherits the blocked signals. A signal ignored when `censor` starts (as `nohup` and
    /// background jobs of non-interactive shells do) stays ignored. Only the first call in a
    /// process does anything.
    static func install() {
        _ = installation
    }

    /// Whether the signal thread has taken a signal.
    private static let received = Atomic(false)

    private static let installation: Void = {
        signal(SIGXFSZ, SIG_IGN)
        var set = sigset_t()
        sigemptyset(&set)
        var any = false
        for number in stopping where !isIgnored(number) {
            sigaddset(&set, number)
            any = true
        }
        guard any else { return }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let waited = set
        // A signal sent stops every later rename, even before the thread below takes it.
        TemporaryOutputs.refuseRenames {
            var pending = sigset_t()
            sigpending(&pending)
            return stopping.contains { sigismember(&pending, $0) == 1 } || received.load(ordering: .acquiring)
        }
        let thread = Thread {
            var set = waited
            var info = siginfo_t()
            while true {
                let number = sigwaitinfo(&set, &info)
                guard number > 0 else { continue }
                // The Swift runtime's crash handler stops the other threads with a signal the process
                // sends itself: a crash, which it reports, not a signal anyone sent censor. (The kernel
                // sends SIGPIPE in the process's own name too.)
                if isCrashHandlerStop(number, code: info.si_code, sender: info._sifields._kill.si_pid) { continue }
                received.store(true, ordering: .releasing)
                stop(on: number)
            }
        }
        thread.name = "censor signals"
        thread.start()
    }()

    /// Kills and reaps every ffmpeg child, removes every temporary output, says what happened (unless `quietly`) and exits with
    /// 128 + `number`.
    static func stop(on number: Int32, quietly: Bool = false) -> Never {
        ChildProcesses.terminateAll()
        TemporaryOutputs.removeAll()
        if quietly { _exit(128 + number) }
        let name = names[number] ?? "signal \(number)"
        Console.errorRaw(
            (Console.errorIsTerminal ? "\r\u{1B}[K" : "")
                + "censor: interrupted by \(name); unfinished outputs removed, inputs and existing files untouched\n")
        _exit(128 + number)
    }

    /// Whether signal `number`, sent with `code` by the process `sender`, is the Swift runtime's
    /// crash handler stopping threads: a stopping signal but SIGPIPE, sent by this process with
    /// `kill` (the kernel sends SIGPIPE in the process's own name).
    static func isCrashHandlerStop(_ number: Int32, code: Int32, sender: pid_t) -> Bool {
        number != SIGPIPE && code == SI_USER && sender == getpid()
    }

    /// Whether `number` is ignored now.
    private static func isIgnored(_ number: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(number, nil, &current) == 0 else { return false }
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
            == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
