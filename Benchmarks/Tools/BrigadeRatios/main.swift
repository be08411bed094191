import BrigadeWorkloads
import Foundation

// BrigadeRatios: every budget of budgets.json measured in one process, its two workloads interleaved.
//
// Each budget's workloads are set up once, calibrated to batches of about `batchNanoseconds`, warmed up, then
// measured in rounds: A then B, B then A on the next round, and so on. Each round gives one value (A/B for a ratio,
// (A − B) / per for a difference, A alone for an absolute budget); the budget's figure is the median of the rounds,
// and the spread is their 10th to 90th percentile. Batches are timed in CPU time of the process, so time the machine
// gives to other processes does not count; what load still changes (shared caches, frequency) changes A and B of
// one round alike, and a round it spoils moves the median little.
//
//   BrigadeRatios budgets.json                  # print the figures
//   BrigadeRatios budgets.json --check          # exit 1 when a budget is over (known-over.json aside)
//   BrigadeRatios budgets.json --gate           # CI: exit 1 only when a budget is over by more than gate_margin
//   options: --seconds S (measured time per budget), --json FILE, --filter TEXT (budgets whose name contains it)

struct Budget: Decodable {
    let name: String
    let measure: String?
    let against: String?
    let minus: String?
    let per: Double?
    /// Divisors of a ratio's two figures: a ratio of costs per item.
    let measure_per: Double?
    let against_per: Double?
    let max: Double?
    let max_ns: Double?
    let bytes: String?
    let against_bytes: String?
    /// Bytes per item of a peer that cannot be built here, measured elsewhere: the divisor of `bytes`.
    let against_reference_bytes: Double?
}

struct BudgetFile: Decodable {
    let gate_margin: Double
    let budgets: [Budget]
}

struct KnownOverFile: Decodable {
    struct Entry: Decodable {
        let budget: String
        let value: Double
    }
    let known_over: [Entry]
}

struct Row: Encodable {
    let budget: String
    let median: Double
    let p10: Double
    let p90: Double
    let min: Double
    let max: Double
    let rounds: Int
    let limit: Double
    let unit: String
    let status: String
}

enum Mode { case report, check, gate }

let batchNanoseconds = 100_000.0
nonisolated(unsafe) var useWallClock = CommandLine.arguments.contains("--wall-clock")

/// CPU nanoseconds of this process: time the machine gives other processes does not count, so a loaded machine
/// slows a batch down only through shared caches.
func now() -> UInt64 {
    var time = timespec()
    clock_gettime(useWallClock ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
}

/// Monotonic wall-clock nanoseconds: how long the run may take.
func wallNow() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
}

/// A set-up workload and the batch size that takes about `batchNanoseconds`.
@MainActor
final class Measured {
    let runner: Runner
    var batch = 1

    init(_ runner: Runner) { self.runner = runner }

    /// Nanoseconds per operation of one batch.
    func sample() async -> Double {
        runner.prepare()
        let start = now()
        await runner.run(batch)
        let end = now()
        return Double(end - start) / Double(batch)
    }

    /// Doubles the batch until even the fastest of three batches takes `batchNanoseconds`, after a few untimed
    /// batches: a cold first call, a page fault or an interrupt cannot leave the batch so small that reading the
    /// clock weighs in the figure.
    func calibrate() async {
        batch = 1
        for _ in 0..<3 {
            runner.prepare()
            await runner.run(1)
        }
        while batch < Swift.min(runner.maxBatch, 1 << 24) {
            var fastest = Double.infinity
            for _ in 0..<3 {
                fastest = Swift.min(fastest, await sample())
            }
            if fastest * Double(batch) >= batchNanoseconds { return }
            batch = Swift.min(runner.maxBatch, 1 << 24, batch * 2)
        }
    }
}

func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    sorted[Int((Double(sorted.count - 1) * fraction).rounded())]
}

/// Per-operation nanoseconds of each workload of the last budget's rounds.
@MainActor enum Recorded {
    static var a: [Double] = []
    static var b: [Double] = []
}

@MainActor
func workload(named name: String, in workloads: [Workload]) -> Workload? {
    workloads.first { $0.name == name }
}

/// Rounds of the budget's workloads, interleaved, for about `seconds`: one value per round.
@MainActor
func rounds(_ budget: Budget, workloads: [Workload], seconds: Double) async -> [Double]? {
    guard let measureName = budget.measure, let a = workload(named: measureName, in: workloads) else { return nil }
    let otherName = budget.against ?? budget.minus
    var b: Workload?
    if let otherName {
        guard let found = workload(named: otherName, in: workloads) else { return nil }
        b = found
    }
    let first = Measured(await a.make())
    let second: Measured? = if let b { Measured(await b.make()) } else { nil }
    defer {
        first.runner.finish()
        second?.runner.finish()
    }
    await first.calibrate()
    await second?.calibrate()
    func round(_ index: Int) async -> Double {
        guard let second else {
            let x = await first.sample()
            Recorded.a.append(x)
            return x
        }
        let (x, y): (Double, Double)
        if index.isMultiple(of: 2) {
            x = await first.sample()
            y = await second.sample()
        } else {
            y = await second.sample()
            x = await first.sample()
        }
        Recorded.a.append(x)
        Recorded.b.append(y)
        if budget.against != nil { return (x / (budget.measure_per ?? 1)) / (y / (budget.against_per ?? 1)) }
        return (x - y) / (budget.per ?? 1)
    }
    let warmUpEnd = wallNow() + UInt64(seconds * 0.1 * 1e9)
    var index = 0
    while wallNow() < warmUpEnd || index < 3 {
        _ = await round(index)
        index += 1
    }
    var values: [Double] = []
    Recorded.a = []
    Recorded.b = []
    let end = wallNow() + UInt64(seconds * 1e9)
    while (wallNow() < end || values.count < 11) && values.count < 100_000 {
        values.append(await round(index))
        index += 1
    }
    return values
}

@MainActor
func main() async -> Int32 {
    var arguments = Array(CommandLine.arguments.dropFirst())
    func option(_ name: String) -> String? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        let value = arguments[index + 1]
        arguments.removeSubrange(index...(index + 1))
        return value
    }
    let seconds = option("--seconds").flatMap(Double.init) ?? 1
    let jsonPath = option("--json")
    let filter = option("--filter")
    let mode: Mode = arguments.contains("--gate") ? .gate : arguments.contains("--check") ? .check : .report
    guard let budgetsPath = arguments.first(where: { !$0.hasPrefix("--") }) else {
        print("usage: BrigadeRatios budgets.json [--check | --gate] [--seconds S] [--json FILE] [--filter TEXT]")
        return 2
    }
    let budgetsURL = URL(fileURLWithPath: budgetsPath)
    let knownURL = budgetsURL.deletingLastPathComponent().appendingPathComponent("known-over.json")
    let file: BudgetFile
    let known: [String: Double]
    do {
        file = try JSONDecoder().decode(BudgetFile.self, from: Data(contentsOf: budgetsURL))
        let knownFile = try JSONDecoder().decode(KnownOverFile.self, from: Data(contentsOf: knownURL))
        known = Dictionary(knownFile.known_over.map { ($0.budget, $0.value) }, uniquingKeysWith: { first, _ in first })
    } catch {
        print("cannot read \(budgetsPath) or its known-over.json: \(error)")
        return 2
    }
    let workloads = allWorkloads()
    let budgets = file.budgets.filter { filter == nil || $0.name.contains(filter ?? "") }
    let margin = mode == .gate ? file.gate_margin : 1
    print(
        "interleaved, median of per-round values (p10–p90, min–max), "
            + (mode == .gate
                ? "gate: ratios by their median, ns figures by their p10, over only beyond \(file.gate_margin)x the limit"
                : "limits as budgeted"))
    print(
        "budget".padding(toLength: 62, withPad: " ", startingAt: 0) + "   median        p10–p90          min–max"
            + "   rounds      limit  status")
    var rows: [Row] = []
    var failed = false
    var used: Set<String> = []
    for budget in budgets {
        let unit = budget.bytes != nil || budget.against != nil ? "x" : "ns"
        let limit = budget.max ?? budget.max_ns ?? 0
        var values: [Double]?
        if let bytesName = budget.bytes, let againstName = budget.against_bytes {
            values = bytesRatio(bytesName, againstName)
            used.formUnion([bytesName, againstName])
        } else if let bytesName = budget.bytes, let reference = budget.against_reference_bytes {
            values = bytesRatio(bytesName, reference: reference)
            used.insert(bytesName)
        } else {
            values = await rounds(budget, workloads: workloads, seconds: seconds)
            used.formUnion([budget.measure, budget.against, budget.minus].compactMap { $0 })
        }
        guard let values, !values.isEmpty else {
            print("\(budget.name): NOT MEASURED (a workload it names does not exist)")
            failed = true
            continue
        }
        let sorted = values.sorted()
        let median = percentile(sorted, 0.5)
        // The gate judges a ratio by its median (load slows both of a round's batches alike), and a figure in ns
        // (an absolute time, or a difference of two) by the 10th percentile of its rounds: load, through the caches
        // it shares, only adds time to those, and a real regression raises every round.
        let judged = mode == .gate && unit == "ns" ? percentile(sorted, 0.1) : median
        let knownValue = known[budget.name]
        var status: String
        if judged <= limit * margin {
            if knownValue == nil {
                status = "ok"
            } else {
                status =
                    mode == .gate
                    ? "ok within the gate margin (known over)" : "ok (listed in known-over.json: remove it)"
            }
        } else if let knownValue {
            // A known-over budget must not get worse than its recorded figure (beyond the margin in the gate).
            let bound = knownValue * (mode == .gate ? file.gate_margin : 1.25)
            status = judged <= bound ? "OVER (known, \(format(knownValue, unit)))" : "OVER, worse than known"
            failed = failed || judged > bound
        } else {
            status = "OVER"
            failed = true
        }
        let row = Row(
            budget: budget.name, median: median, p10: percentile(sorted, 0.1), p90: percentile(sorted, 0.9),
            min: sorted[0], max: sorted[sorted.count - 1], rounds: values.count, limit: limit, unit: unit,
            status: status)
        rows.append(row)
        print(
            budget.name.padding(toLength: 62, withPad: " ", startingAt: 0)
                + format(row.median, unit).leftPadded(9)
                + "  \(format(row.p10, unit))–\(format(row.p90, unit))".leftPadded(17)
                + "  \(format(row.min, unit))–\(format(row.max, unit))".leftPadded(17)
                + "\(row.rounds)".leftPadded(9) + ("≤ " + format(limit, unit)).leftPadded(11) + "  \(status)")
        if budget.bytes == nil, !Recorded.a.isEmpty {
            let a = percentile(Recorded.a.sorted(), 0.5)
            let b =
                Recorded.b.isEmpty
                ? ""
                : ", \(budget.against ?? budget.minus ?? "") " + format(percentile(Recorded.b.sorted(), 0.5), "ns")
            print("    medians per operation: \(budget.measure ?? "") " + format(a, "ns") + b)
        }
    }
    if mode == .gate && filter == nil {
        // Every other workload must still set up and run.
        for workload in workloads where !used.contains(workload.name) {
            let runner = await workload.make()
            runner.prepare()
            await runner.run(1)
            runner.finish()
        }
        print("every other workload ran once: \(workloads.count - used.count) workloads")
    }
    if let jsonPath {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try? encoder.encode(rows).write(to: URL(fileURLWithPath: jsonPath))
    }
    if failed && mode != .report {
        print("some budgets are over (beyond known-over.json\(mode == .gate ? " and the gate margin" : ""))")
        return 1
    }
    return 0
}

func format(_ value: Double, _ unit: String) -> String {
    if unit == "x" { return String(format: value < 0.1 ? "%.3fx" : "%.2fx", value) }
    if abs(value) >= 10_000 { return String(format: "%.0f µs", value / 1_000) }
    return String(format: "%.1f ns", value)
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

/// Three builds of each structure, alternated: one bytes ratio per round.
@MainActor
func bytesRatio(_ name: String, _ against: String) -> [Double]? {
    guard let other = allMemoryProbes().first(where: { $0.name == against }) else { return nil }
    return bytesRatio(name, against: against) { other.bytesPerItem() }
}

/// Three builds of a structure: its bytes per item against a fixed figure, once per build.
@MainActor
func bytesRatio(_ name: String, reference: Double) -> [Double]? {
    bytesRatio(name, against: "reference") { reference }
}

/// Three rounds, each building the structure `name` and dividing its bytes per item by `divisor()`.
@MainActor
func bytesRatio(_ name: String, against label: String, divisor: () -> Double) -> [Double]? {
    guard let measure = allMemoryProbes().first(where: { $0.name == name }) else { return nil }
    var ratios: [Double] = []
    for _ in 0..<3 {
        let bytes = measure.bytesPerItem()
        let otherBytes = divisor()
        print("  \(name): \(Int(bytes)) bytes per item; \(label): \(Int(otherBytes))")
        ratios.append(bytes / otherBytes)
    }
    return ratios
}

exit(await main())
