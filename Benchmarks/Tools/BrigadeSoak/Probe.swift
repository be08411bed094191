import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the soak reads from the process: resident memory, CPU time and threads (from /proc on Linux).
enum Probe {
    /// Resident memory in KiB; `nil` where /proc is missing.
    static func residentKiB() -> Double? {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return nil }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_024
    }

    /// The process's CPU time (user and system), in seconds.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The process's threads; `nil` where /proc is missing.
    static func threadCount() -> Int? {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task"))?.count
    }

    /// The open file descriptors that point at a path starting with `prefix`; `nil` where /proc is missing.
    static func descriptors(under prefix: String) -> Int? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return nil }
        return entries.count { entry in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + entry))?.hasPrefix(prefix)
                ?? false
        }
    }
}

/// A count one worker bumps and the sampler reads.
// Unchecked Sendable: `lock` guards `value`.
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func add(_ amount: Int = 1) {
        lock.lock()
        value += amount
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

/// A flag the harness raises to stop the workers.
// Unchecked Sendable: `lock` guards `raised`.
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false

    func raise() {
        lock.lock()
        raised = true
        lock.unlock()
    }

    var isRaised: Bool {
        lock.lock()
        defer { lock.unlock() }
        return raised
    }
}

/// Worker threads: started with a body, joined without blocking the main actor.
final class Workers: Sendable {
    private let group = DispatchGroup()

    /// Starts `count` threads running `body(index)`.
    func start(_ count: Int, name: String, _ body: @escaping @Sendable (Int) -> Void) {
        for index in 0..<count {
            group.enter()
            let thread = Thread { [group] in
                body(index)
                group.leave()
            }
            thread.name = "soak \(name) \(index)"
            thread.start()
        }
    }

    /// Starts `count` tasks running `body(index)`.
    func task(_ count: Int, _ body: @escaping @Sendable (Int) async -> Void) {
        for index in 0..<count {
            group.enter()
            Task.detached { [group] in
                await body(index)
                group.leave()
            }
        }
    }

    /// Waits until every thread and task ended; `false` when some are still running after `seconds`.
    func join(within seconds: Double = 30) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            DispatchQueue.global().async { [group] in
                continuation.resume(returning: group.wait(timeout: .now() + seconds) == .success)
            }
        }
    }
}
