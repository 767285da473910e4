import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension CLI {
    /// What a run printed, and the most memory it held at once (its peak resident set).
    struct MeasuredOutput {
        let output: Output
        let peakMemoryBytes: Int
    }

    /// Runs `places ARGUMENTS` as ``run(_:environment:in:stdout:stdin:binary:)`` does, and measures its
    /// peak memory: the process is started with posix_spawn and reaped with wait4, whose resource
    /// usage is that one process's alone (Foundation's Process reaps its children itself, and
    /// RUSAGE_CHILDREN would mix in every other test's).
    static func runMeasured(_ arguments: [String], environment extra: [String: String] = [:]) async throws
        -> MeasuredOutput
    {
        #if canImport(Glibc)
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
                "places-cli-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: scratch) }
            let outPath = scratch.appendingPathComponent("stdout").path
            let errPath = scratch.appendingPathComponent("stderr").path
            // sh changes to the repository, then becomes places (exec): the pid waited for is places'.
            let argv = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", repository.path, executable.path] + arguments
            let envp = environment(extra, home: scratch).map { "\($0.key)=\($0.value)" }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            let cArgv = argv.map { strdup($0) } + [nil]
            let cEnvp = envp.map { strdup($0) } + [nil]
            defer { (cArgv + cEnvp).forEach { free($0) } }
            var pid: pid_t = 0
            let started = ContinuousClock.now
            let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, cArgv, cEnvp)
            guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
            let child = pid
            let (status, usage) = await withCheckedContinuation {
                (continuation: CheckedContinuation<(Int32, rusage), Never>) in
                Thread {
                    var status: Int32 = 0
                    var usage = rusage()
                    while wait4(child, &status, 0, &usage) < 0 && errno == EINTR {}
                    continuation.resume(returning: (status, usage))
                }.start()
            }
            let exited = status & 0x7F == 0
            let output = Output(
                status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F),
                stdout: String(decoding: try Data(contentsOf: URL(fileURLWithPath: outPath)), as: UTF8.self),
                stderr: String(decoding: try Data(contentsOf: URL(fileURLWithPath: errPath)), as: UTF8.self),
                elapsed: ContinuousClock.now - started)
            // Linux gives ru_maxrss in kilobytes.
            return MeasuredOutput(output: output, peakMemoryBytes: Int(usage.ru_maxrss) * 1024)
        #else
            throw POSIXError(.ENOTSUP)
        #endif
    }
}
