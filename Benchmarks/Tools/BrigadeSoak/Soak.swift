import Foundation

/// One soak workload: a load that runs until stopped, a count of its operations, and the checks of its data.
@MainActor
protocol SoakWorkload: AnyObject {
    /// The most resident memory may grow per minute after warm-up, in KiB.
    var memoryBoundKiBPerMinute: Double { get }
    /// What the bound allows on top for each operation, in KiB: memory that a library below Brigade keeps per
    /// operation and Brigade cannot release (FoundationNetworking's per request, measured by the `urlsession` run).
    var memoryAllowanceKiBPerOperation: Double { get }
    /// Whether a fresh instance run beside this one is a fair judge of a throughput fall: not when both would share
    /// one executor in lockstep (the main actor handing each the same number of actions a turn), where the soaked
    /// instance's slowness would slow the fresh one too.
    var comparesWithFreshInstance: Bool { get }
    /// Starts the load.
    func start() async throws
    /// The operations done so far.
    var operations: Int { get }
    /// Stops the load and waits for its threads and tasks to end; `false` when some did not.
    func stop() async -> Bool
    /// Checks that the data is exact; returns what is wrong, nothing when all is right.
    func verify() async -> [String]
}

extension SoakWorkload {
    var memoryAllowanceKiBPerOperation: Double { 0 }
    var comparesWithFreshInstance: Bool { true }
}

/// Runs a workload for a time, samples it every second and checks it: throughput steady, memory flat, data exact, no
/// thread left running.
@MainActor
struct SoakRunner {
    let name: String
    let seconds: Double
    /// Above this resident size the run stops and fails at once, so a runaway workload cannot take the machine.
    let memoryCapKiB = 768.0 * 1_024
    /// Memory growth after warm-up under this many KiB passes whatever the slope (a short run's slope is noise).
    let growthFloorKiB = 2_048.0

    private struct Sample {
        let time: Double
        let operations: Int
        let residentKiB: Double?
        /// The process's CPU time so far, in seconds.
        let cpu: Double
    }

    /// Runs `workload` and prints its figures; returns whether every check passed. `makeTwin` makes a fresh instance
    /// of the same workload, run beside the soaked one when the soaked one's throughput fell (see `compareWithTwin`).
    func run(_ workload: any SoakWorkload, twin makeTwin: () -> (any SoakWorkload)?) async -> Bool {
        let warmUp = max(2, (seconds * 0.2).rounded())
        let threadsBefore = Probe.threadCount()
        let started = Date()
        do {
            try await workload.start()
        } catch {
            print("[\(name)] FAIL: could not start: \(error)")
            return false
        }
        var samples: [Sample] = []
        var failures: [String] = []
        func sample() {
            samples.append(
                Sample(
                    time: Date().timeIntervalSince(started), operations: workload.operations,
                    residentKiB: Probe.residentKiB(), cpu: Probe.cpuSeconds()))
        }
        func sampleFor(_ duration: Double) async -> Bool {
            let end = Date().addingTimeInterval(duration)
            while Date() < end {
                try? await Task.sleep(for: .seconds(1))
                sample()
                if let resident = samples.last?.residentKiB, resident > memoryCapKiB {
                    failures.append(
                        "memory: resident \(Int(resident / 1_024)) MiB passed the cap of \(Int(memoryCapKiB / 1_024)) MiB"
                    )
                    return false
                }
            }
            return true
        }
        sample()
        var withinCap = await sampleFor(seconds)
        var steady = samples.filter { $0.time >= warmUp }
        var rates = Self.rates(steady)
        let first = Self.median(Array(rates.prefix(max(1, rates.count / 3))))
        var last = Self.median(Array(rates.suffix(max(1, rates.count / 3))))
        var throughputNote = ""
        if withinCap, rates.count >= 3, last < 0.8 * first {
            // A shared machine's noise, or a real decline: measure again before failing, twice at most (a neighbour's
            // burst can outlast one re-measurement: seen once in CI, 2026-11-27, api 0.72x then 1.01x in the next run);
            // a decline of the workload's own stays through both.
            let again = max(3, Double(rates.count / 3))
            throughputNote = " (last window \(Self.format(last))/s under 0.8x: re-measured \(Int(again)) s"
            for attempt in 1...2 where withinCap && (attempt == 1 || last < 0.8 * first) {
                let before = samples.count
                withinCap = await sampleFor(again)
                let remeasured = Self.rates(Array(samples[(before - 1)...]))
                last = Self.median(remeasured)
                throughputNote += (attempt == 1 ? " -> " : ", again -> ") + "\(Self.format(last))/s"
            }
            throughputNote += ")"
            steady = samples.filter { $0.time >= warmUp }
            rates = Self.rates(steady)
        }
        // Throughput. On a loaded machine the process gets less CPU and its rate falls with no fault of its own: a
        // fall in operations per second counts only when operations per CPU-second fell too. Even per CPU-second a
        // neighbour can slow the process (a shared core, a shared cache: kitchen 0.73x and 0.72x per CPU-second in CI,
        // 2026-11-27, where a run here minutes later held 0.98x); so a fall that stays is judged last against a fresh
        // instance of the workload run beside the soaked one: a decline of the workload's own is one a fresh instance
        // on the same machine at the same moment does not show.
        let ratio = first > 0 ? last / first : 0
        let perCPU = Self.rates(steady, perCPUSecond: true)
        let firstPerCPU = Self.median(Array(perCPU.prefix(max(1, perCPU.count / 3))))
        let lastPerCPU = Self.median(Array(perCPU.suffix(max(1, perCPU.count / 3))))
        let cpuRatio = firstPerCPU > 0 ? lastPerCPU / firstPerCPU : 0
        if ratio < 0.8 {
            throughputNote += "; per CPU-second \(Self.format(cpuRatio))x"
        }
        if withinCap, ratio < 0.8, cpuRatio < 0.8 {
            var fall =
                "last window \(Self.format(last))/s is \(Self.format(ratio))x the first, "
                + "\(Self.format(cpuRatio))x per CPU-second"
            var stays = true
            if workload.comparesWithFreshInstance {
                let judged = await besideFreshInstances(
                    workload, makeTwin, warmUp: warmUp, seconds: max(5, Double(rates.count / 3)))
                throughputNote += judged.note
                failures += judged.failures
                // No ratio: no fresh instance ran, which `judged.failures` says.
                stays = judged.ratio.map { $0 < 0.8 } ?? false
                fall += judged.ratio.map { ", \(Self.format($0))x a fresh instance's" } ?? ""
            }
            if stays {
                failures.append("throughput: " + fall)
            }
        }
        let stopped = await workload.stop()
        let total = workload.operations
        let elapsed = Date().timeIntervalSince(started)

        // Memory.
        let memory = steady.compactMap { sample in sample.residentKiB.map { (sample.time / 60, $0) } }
        let slope = Self.slope(memory)
        let growth =
            memory.count >= 6
            ? Self.median(memory.suffix(3).map(\.1)) - Self.median(memory.prefix(3).map(\.1))
            : (memory.last?.1 ?? 0) - (memory.first?.1 ?? 0)
        let operationsPerMinute =
            steady.count >= 2
            ? Double(steady[steady.count - 1].operations - steady[0].operations)
                / max((steady[steady.count - 1].time - steady[0].time) / 60, 1e-3) : 0
        let bound = workload.memoryBoundKiBPerMinute + workload.memoryAllowanceKiBPerOperation * operationsPerMinute
        if withinCap, slope > bound, growth > growthFloorKiB {
            failures.append("memory: +\(Self.format(slope)) KiB/min after warm-up (bound \(Self.format(bound)))")
        }
        // Threads.
        if !stopped {
            failures.append("threads: the workload's threads or tasks did not end within 30 s of stopping")
        }
        let idle = await Self.waitForIdle()
        if !idle.isIdle {
            failures.append(
                "threads: the process still used \(Self.format(idle.cpu * 100))% of a core 10 s after stopping")
        }
        // Data.
        failures += await workload.verify()

        let resident = samples.last?.residentKiB.map { "\(Int($0 / 1_024)) MiB" } ?? "?"
        print(
            """
            [\(name)] \(Self.format(elapsed)) s, \(total) operations; throughput first \(Self.format(first))/s, \
            last \(Self.format(last))/s (\(Self.format(ratio))x)\(throughputNote); memory \(Self.format(slope)) KiB/min \
            after warm-up (bound \(Self.format(bound)), growth \(Self.format(growth)) KiB, \
            resident \(resident)); threads before \(threadsBefore.map(String.init) ?? "?"), after \
            \(Probe.threadCount().map(String.init) ?? "?"), CPU after stop \(Self.format(idle.cpu * 100))% of a core
            """)
        if failures.isEmpty {
            print("[\(name)] PASS")
        } else {
            for failure in failures {
                print("[\(name)] FAIL: \(failure)")
            }
        }
        return failures.isEmpty
    }

    private enum TwinOutcome {
        /// The soaked instance's rate over the fresh one's (median of the one-second windows), and what the fresh
        /// instance's own checks found.
        case measured(ratio: Double, failures: [String])
        case failed(String)
    }

    /// Compares `workload` with a fresh instance run beside it, and once more with another when the first comparison
    /// is under 0.8x (a neighbour's burst can end in the middle of one): the last ratio, `nil` when no fresh instance
    /// ran; the note for the report; the failures found (a fresh instance that could not run, or whose data was
    /// wrong).
    private func besideFreshInstances(
        _ workload: any SoakWorkload, _ makeTwin: () -> (any SoakWorkload)?, warmUp: Double, seconds: Double
    ) async -> (ratio: Double?, note: String, failures: [String]) {
        var note = ""
        var failures: [String] = []
        var ratio: Double?
        for attempt in 1...2 where attempt == 1 || (ratio ?? 1) < 0.8 {
            switch await compareWithTwin(workload, makeTwin(), warmUp: warmUp, seconds: seconds) {
            case .measured(let measured, let twinFailures):
                ratio = measured
                note +=
                    (attempt == 1 ? "; beside a fresh instance " : ", again ") + "\(Self.format(measured))x over "
                    + "\(Int(seconds)) s"
                failures += twinFailures.map { "fresh instance: \($0)" }
            case .failed(let reason):
                failures.append("throughput: fell, and no fresh instance ran beside it: \(reason)")
                return (nil, note, failures)
            }
        }
        return (ratio, note, failures)
    }

    /// Runs `twin`, a fresh instance of the workload, beside the soaked `workload` for the soak's own warm-up and
    /// then `seconds`, sampling both each second; both share the machine alike, so a neighbour slows both. Stops and
    /// checks the twin (its files are removed by its check). Past the memory cap, stops at once.
    private func compareWithTwin(
        _ workload: any SoakWorkload, _ twin: (any SoakWorkload)?, warmUp: Double, seconds: Double
    ) async -> TwinOutcome {
        guard let twin else { return .failed("the workload cannot be made again") }
        do {
            try await twin.start()
        } catch {
            _ = await twin.stop()
            _ = await twin.verify()
            return .failed("could not start: \(error)")
        }
        try? await Task.sleep(for: .seconds(warmUp))
        var previous = (workload.operations, twin.operations)
        var ratios: [Double] = []
        for _ in 0..<Int(seconds) {
            try? await Task.sleep(for: .seconds(1))
            if let resident = Probe.residentKiB(), resident > memoryCapKiB {
                _ = await twin.stop()
                _ = await twin.verify()
                return .failed("resident memory passed the cap of \(Int(memoryCapKiB / 1_024)) MiB beside it")
            }
            let now = (workload.operations, twin.operations)
            let (soaked, fresh) = (now.0 - previous.0, now.1 - previous.1)
            if fresh > 0 {
                ratios.append(Double(soaked) / Double(fresh))
            }
            previous = now
        }
        var failures: [String] = []
        if !(await twin.stop()) {
            failures.append("threads: its threads or tasks did not end within 30 s of stopping")
        }
        print("[\(name)] the fresh instance run beside the soaked one:")
        failures += await twin.verify()
        guard !ratios.isEmpty else { return .failed("the fresh instance did no work") }
        return .measured(ratio: Self.median(ratios), failures: failures)
    }

    /// Polls the process's CPU use over one-second windows for up to 10 s; idle under 5% of a core.
    private static func waitForIdle() async -> (isIdle: Bool, cpu: Double) {
        var cpu = 0.0
        for _ in 0..<10 {
            let before = Probe.cpuSeconds()
            let start = Date()
            try? await Task.sleep(for: .seconds(1))
            cpu = (Probe.cpuSeconds() - before) / Date().timeIntervalSince(start)
            if cpu < 0.05 {
                return (true, cpu)
            }
        }
        return (false, cpu)
    }

    /// The operations per second (or per CPU-second of the process) between consecutive samples.
    private static func rates(_ samples: [Sample], perCPUSecond: Bool = false) -> [Double] {
        zip(samples, samples.dropFirst()).map { earlier, later in
            let span = perCPUSecond ? later.cpu - earlier.cpu : later.time - earlier.time
            return Double(later.operations - earlier.operations) / max(span, 1e-3)
        }
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// The least-squares slope of `points` (x, y).
    static func slope(_ points: [(Double, Double)]) -> Double {
        guard points.count >= 2 else { return 0 }
        let meanX = points.map(\.0).reduce(0, +) / Double(points.count)
        let meanY = points.map(\.1).reduce(0, +) / Double(points.count)
        let covariance = points.map { ($0.0 - meanX) * ($0.1 - meanY) }.reduce(0, +)
        let variance = points.map { ($0.0 - meanX) * ($0.0 - meanX) }.reduce(0, +)
        return variance > 0 ? covariance / variance : 0
    }

    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "none" }
        return abs(value) >= 100 ? String(Int(value.rounded())) : String(format: "%.2f", value)
    }
}
