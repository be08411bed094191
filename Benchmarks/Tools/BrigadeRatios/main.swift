import BrigadeWorkloads
import Foundation

// BrigadeRatios: every budget of budgets.json measured in one process, its two workloads interleaved.
//
// Each budget's workloads are set up once, calibrated to batches of about `batchNanoseconds`, warmed up, then
// measured in rounds: A then B, B then A on the next round, and so on. Each round gives one value (A/B for a ratio,
// (A − B) / per for a difference, A alone for an absolute figure); the budget's figure is the median of the rounds,
// and the spread is their 10th to 90th percentile. Batches are timed in CPU time of the process, so time the machine
// gives to other processes does not count; what load still changes (shared caches, frequency) changes A and B of
// one round alike, and a round it spoils moves the median little.
//
// A budget's `kind` says what is gated (docs/Performance.md, "What the gate holds"):
//   peer     a ratio to a peer (ReSwift model, RoutingKit, OpenCombine, Swinject) or bytes against a peer's: its limit
//   scale    a ratio of costs per item at two sizes (flat in scale): its limit
//   time     an absolute time of one operation (a promise such as "restoring a state takes under 1 ms"): max_ns
//   tracked  a figure with no limit of its own (ns per item, a ratio within Brigade): only the baseline holds it
//   floor    a ratio to the floor (a dictionary lookup and a closure, a stored `let`): printed, never gated
// Every peer, scale and tracked figure is also held to baseline.json: no worse than its recorded value times its
// `allowed` regression.
//
//   BrigadeRatios budgets.json                    # print the figures
//   BrigadeRatios budgets.json --check            # exit 1 when a limit or the baseline is exceeded (known-over aside)
//   BrigadeRatios budgets.json --gate             # CI: the same judged noise-proof (gate_margin, p10 for ns)
//   BrigadeRatios budgets.json --update-baseline  # measure, then rewrite baseline.json with this run's figures
//   BrigadeRatios budgets.json --workloads        # every workload alone: ns per operation (compare.sh's table)
//   options: --seconds S (measured time per budget or workload), --json FILE, --filter TEXT (budgets or workloads
//   whose name contains it), --baseline FILE (default: baseline.json beside budgets.json), --note TEXT (recorded
//   in baseline.json by --update-baseline), --wall-clock (time batches by the wall clock instead of CPU time)

struct Budget: Decodable {
    let name: String
    /// "peer", "scale", "time", "tracked" or "floor".
    let kind: String
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

    /// Whether the gate holds the figure to its limit.
    var hasLimit: Bool { (kind == "peer" || kind == "scale" || kind == "time") && (max != nil || max_ns != nil) }
    /// Whether the figure is held to the baseline.
    var isBaselined: Bool { kind != "floor" }
    var unit: String { bytes != nil || against != nil ? "x" : "ns" }
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

/// baseline.json: each baselined figure as last recorded, and the regression it is allowed.
struct BaselineFile: Codable {
    struct Figure: Codable {
        let budget: String
        /// "x" (a ratio, judged by its median), "ns" (judged by its 10th percentile) or "bytes" (a bytes ratio).
        let unit: String
        /// The recorded median (ratios, bytes) or 10th percentile (ns) of the budget's rounds.
        let value: Double
        /// The gate fails when this run's figure is over `value * allowed`.
        let allowed: Double
    }
    var comment: String
    var measured: String
    /// `allowed` of a figure first recorded: for times (ratios and ns) and for bytes.
    var default_allowed: Double
    var default_allowed_bytes: Double
    var figures: [Figure]
}

struct Row: Encodable {
    let budget: String
    let kind: String
    let median: Double
    let p10: Double
    let p90: Double
    let min: Double
    let max: Double
    let rounds: Int
    let limit: Double?
    let unit: String
    let status: String
    let baseline: Double?
    let baseline_status: String
}

/// One workload measured alone (`--workloads`): nanoseconds per operation, or bytes per item of a memory probe.
struct WorkloadRow: Encodable {
    let workload: String
    let unit: String
    let median: Double
    let p10: Double
    let p90: Double
    let rounds: Int
}

enum Mode { case report, check, gate, updateBaseline, workloads }

let batchNanoseconds = 100_000.0
let useWallClock = CommandLine.arguments.contains("--wall-clock")

/// CPU nanoseconds of this process: time the machine gives other processes does not count, so a loaded machine
/// slows a batch down only through shared caches. The process's clock, not the thread's: on Linux the main actor's
/// jobs run on whichever thread drains the main queue, so a workload that suspends (an actor's work: the SQLite store)
/// may end its batch on another thread than it began, and work done on other threads for it counts too.
func now() -> UInt64 {
    var time = timespec()
    clock_gettime(useWallClock ? CLOCK_MONOTONIC : CLOCK_PROCESS_CPUTIME_ID, &time)
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
        await runner.settle()
        return Double(end >= start ? end - start : 0) / Double(batch)
    }

    /// Doubles the batch until even the fastest of three batches takes `batchNanoseconds`, after a few untimed
    /// batches: a cold first call, a page fault or an interrupt cannot leave the batch so small that reading the
    /// clock weighs in the figure.
    func calibrate() async {
        batch = 1
        for _ in 0..<3 {
            runner.prepare()
            await runner.run(1)
            await runner.settle()
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

/// The command line's options.
struct Options {
    var arguments: [String]
    var seconds = 1.0
    var jsonPath: String?
    var filter: String?
    var baselinePath: String?
    var note: String?
    var mode = Mode.report

    init(_ commandLine: [String]) {
        arguments = commandLine
        seconds = option("--seconds").flatMap(Double.init) ?? 1
        jsonPath = option("--json")
        filter = option("--filter")
        baselinePath = option("--baseline")
        note = option("--note")
        mode =
            arguments.contains("--gate")
            ? .gate
            : arguments.contains("--check")
                ? .check
                : arguments.contains("--update-baseline")
                    ? .updateBaseline : arguments.contains("--workloads") ? .workloads : .report
    }

    /// The value after `name`, removed from the arguments with it.
    mutating func option(_ name: String) -> String? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        let value = arguments[index + 1]
        arguments.removeSubrange(index...(index + 1))
        return value
    }

    func matches(_ name: String) -> Bool { filter.map { name.contains($0) } ?? true }
}

@MainActor
func main() async -> Int32 {
    let options = Options(Array(CommandLine.arguments.dropFirst()))
    let mode = options.mode
    guard let budgetsPath = options.arguments.first(where: { !$0.hasPrefix("--") }) else {
        print(
            "usage: BrigadeRatios budgets.json [--check | --gate | --update-baseline | --workloads] [--seconds S]"
                + " [--json FILE] [--filter TEXT] [--baseline FILE] [--note TEXT] [--wall-clock]")
        return 2
    }
    if mode == .workloads { return await measureWorkloads(options) }
    let budgetsURL = URL(fileURLWithPath: budgetsPath)
    let directory = budgetsURL.deletingLastPathComponent()
    let knownURL = directory.appendingPathComponent("known-over.json")
    let baselineURL =
        options.baselinePath.map { URL(fileURLWithPath: $0) }
        ?? directory.appendingPathComponent("baseline.json")
    let file: BudgetFile
    let known: [String: Double]
    let baseline: BaselineFile?
    do {
        file = try JSONDecoder().decode(BudgetFile.self, from: Data(contentsOf: budgetsURL))
        let knownFile = try JSONDecoder().decode(KnownOverFile.self, from: Data(contentsOf: knownURL))
        known = Dictionary(knownFile.known_over.map { ($0.budget, $0.value) }, uniquingKeysWith: { first, _ in first })
        baseline =
            FileManager.default.fileExists(atPath: baselineURL.path)
            ? try JSONDecoder().decode(BaselineFile.self, from: Data(contentsOf: baselineURL)) : nil
    } catch {
        print("cannot read \(budgetsPath), its known-over.json or its baseline: \(error)")
        return 2
    }
    var failed = false
    // Entries of known-over.json must name a budget that has a limit: a retired budget's entry goes away with it.
    let limited = Set(file.budgets.filter(\.hasLimit).map(\.name))
    for name in known.keys.sorted() where !limited.contains(name) {
        print("known-over.json names \"\(name)\", which is not a budget with a limit in \(budgetsPath): remove it")
        failed = mode == .check || mode == .gate
    }
    if baseline == nil && mode != .updateBaseline {
        print("no baseline at \(baselineURL.path): run --update-baseline")
        failed = mode == .check || mode == .gate
    }
    let recorded = Dictionary(
        (baseline?.figures ?? []).map { ($0.budget, $0) }, uniquingKeysWith: { first, _ in first })
    let workloads = allWorkloads()
    let budgets = file.budgets.filter { options.matches($0.name) }
    let margin = mode == .gate ? file.gate_margin : 1
    print(
        "interleaved, median of per-round values (p10–p90, min–max); "
            + (mode == .gate
                ? "gate: ratios by their median, ns figures by their p10; a limit is over beyond \(file.gate_margin)x it,"
                    + " the baseline beyond each figure's allowed regression"
                : "limits as budgeted, the baseline as recorded"))
    print(
        "budget".padding(toLength: 62, withPad: " ", startingAt: 0) + "   median        p10–p90          min–max"
            + "   rounds      limit  status; baseline")
    var rows: [Row] = []
    var used: Set<String> = []
    for budget in budgets {
        let unit = budget.unit
        var values: [Double]?
        if let bytesName = budget.bytes, let againstName = budget.against_bytes {
            values = bytesRatio(bytesName, againstName)
            used.formUnion([bytesName, againstName])
        } else if let bytesName = budget.bytes, let reference = budget.against_reference_bytes {
            values = bytesRatio(bytesName, reference: reference)
            used.insert(bytesName)
        } else {
            values = await rounds(budget, workloads: workloads, seconds: options.seconds)
            used.formUnion([budget.measure, budget.against, budget.minus].compactMap { $0 })
        }
        guard let values, !values.isEmpty else {
            print("\(budget.name): NOT MEASURED (a workload it names does not exist)")
            failed = failed || mode == .check || mode == .gate
            continue
        }
        let sorted = values.sorted()
        let median = percentile(sorted, 0.5)
        // A ratio is judged by its median (load slows both of a round's batches alike), a figure in ns (an absolute
        // time, or a difference of two) by the 10th percentile of its rounds: load, through the caches it shares, only
        // adds time to those, and a real regression raises every round.
        let judged = unit == "ns" ? percentile(sorted, 0.1) : median
        let limitStatus = judgeLimit(
            budget, judged: mode == .gate ? judged : median, margin: margin, mode: mode,
            knownValue: known[budget.name], gateMargin: file.gate_margin)
        failed = failed || limitStatus.failed
        let baselineStatus = judgeBaseline(budget, judged: judged, recorded: recorded[budget.name], mode: mode)
        failed = failed || baselineStatus.failed
        let row = Row(
            budget: budget.name, kind: budget.kind, median: median, p10: percentile(sorted, 0.1),
            p90: percentile(sorted, 0.9), min: sorted[0], max: sorted[sorted.count - 1], rounds: values.count,
            limit: budget.hasLimit ? budget.max ?? budget.max_ns : nil, unit: unit, status: limitStatus.text,
            baseline: recorded[budget.name]?.value, baseline_status: baselineStatus.text)
        rows.append(row)
        let limitText = row.limit.map { "≤ " + format($0, unit) } ?? budget.kind
        print(
            budget.name.padding(toLength: 62, withPad: " ", startingAt: 0)
                + format(row.median, unit).leftPadded(9)
                + "  \(format(row.p10, unit))–\(format(row.p90, unit))".leftPadded(17)
                + "  \(format(row.min, unit))–\(format(row.max, unit))".leftPadded(17)
                + "\(row.rounds)".leftPadded(9) + limitText.leftPadded(11) + "  \(limitStatus.text); "
                + baselineStatus.text)
        if budget.bytes == nil, !Recorded.a.isEmpty {
            let a = percentile(Recorded.a.sorted(), 0.5)
            let b =
                Recorded.b.isEmpty
                ? ""
                : ", \(budget.against ?? budget.minus ?? "") " + format(percentile(Recorded.b.sorted(), 0.5), "ns")
            print("    medians per operation: \(budget.measure ?? "") " + format(a, "ns") + b)
        }
    }
    if mode == .gate && options.filter == nil {
        // Every other workload must still set up and run.
        for workload in workloads where !used.contains(workload.name) {
            let runner = await workload.make()
            runner.prepare()
            await runner.run(1)
            await runner.settle()
            runner.finish()
        }
        print("every other workload ran once: \(workloads.count - used.count) workloads")
    }
    if let jsonPath = options.jsonPath {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try? encoder.encode(rows).write(to: URL(fileURLWithPath: jsonPath))
    }
    if mode == .updateBaseline {
        return writeBaseline(rows, budgets: file.budgets, previous: baseline, to: baselineURL, note: options.note)
    }
    if failed && (mode == .check || mode == .gate) {
        print(
            "some figures are over (a limit beyond known-over.json\(mode == .gate ? " and the gate margin" : ""),"
                + " or the baseline beyond its allowed regression), or a file is inconsistent: see above")
        return 1
    }
    return 0
}

/// A budget's status against its limit (peer and scale budgets), and whether it fails the run.
func judgeLimit(
    _ budget: Budget, judged: Double, margin: Double, mode: Mode, knownValue: Double?, gateMargin: Double
) -> (text: String, failed: Bool) {
    guard budget.hasLimit, let limit = budget.max ?? budget.max_ns else {
        return (budget.kind == "floor" ? "reported, not gated" : "no limit", false)
    }
    let gating = mode == .check || mode == .gate
    if judged <= limit * margin {
        guard knownValue != nil else { return ("ok", false) }
        return (
            mode == .gate ? "ok within the gate margin (known over)" : "ok (listed in known-over.json: remove it)",
            false
        )
    }
    if let knownValue {
        // A known-over budget must not get worse than its recorded figure (beyond the margin in the gate).
        let bound = knownValue * (mode == .gate ? gateMargin : 1.25)
        let unit = budget.unit
        return judged <= bound
            ? ("OVER (known, \(format(knownValue, unit)))", false) : ("OVER, worse than known", gating)
    }
    return ("OVER", gating)
}

/// A figure's status against baseline.json, and whether it fails the run.
func judgeBaseline(
    _ budget: Budget, judged: Double, recorded: BaselineFile.Figure?, mode: Mode
)
    -> (text: String, failed: Bool)
{
    guard budget.isBaselined else { return ("not baselined", false) }
    guard let recorded else {
        return ("no baseline", mode == .check || mode == .gate)
    }
    let unit = recorded.unit == "ns" ? "ns" : "x"
    let bound = recorded.value * recorded.allowed
    let text = "\(format(judged, unit)) against \(format(recorded.value, unit)) (allowed ≤ \(format(bound, unit)))"
    if judged <= bound { return ("ok, " + text, false) }
    return ("REGRESSED, " + text, mode == .check || mode == .gate)
}

/// Rewrites baseline.json with this run's figures (a figure's `allowed` kept when it had one); with `--filter`, the
/// other figures stay as they were.
@MainActor
func writeBaseline(_ rows: [Row], budgets: [Budget], previous: BaselineFile?, to url: URL, note: String?) -> Int32 {
    var file =
        previous
        ?? BaselineFile(
            comment: "The figures BrigadeRatios --gate holds every peer, scale and tracked budget of budgets.json to:"
                + " this run's figure (a ratio's median, a time's 10th percentile, a bytes ratio's median) must not be"
                + " over value * allowed. Rewritten by `BrigadeRatios budgets.json --update-baseline` (docs/Performance.md,"
                + " \"The baseline\"); edit `allowed` by hand.",
            measured: "", default_allowed: 2.0, default_allowed_bytes: 1.25, figures: [])
    let kept = Dictionary(file.figures.map { ($0.budget, $0) }, uniquingKeysWith: { first, _ in first })
    let byName = Dictionary(budgets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var fresh: [String: BaselineFile.Figure] = [:]
    for row in rows {
        guard let budget = byName[row.budget], budget.isBaselined else { continue }
        let unit = budget.bytes != nil ? "bytes" : row.unit
        let value = unit == "ns" ? row.p10 : row.median
        let allowed = kept[row.budget]?.allowed ?? (unit == "bytes" ? file.default_allowed_bytes : file.default_allowed)
        fresh[row.budget] = .init(budget: row.budget, unit: unit, value: rounded(value), allowed: allowed)
    }
    // In budgets.json's order; a figure of a budget no longer in budgets.json goes away.
    file.figures = budgets.compactMap { fresh[$0.name] ?? kept[$0.name] }.filter {
        byName[$0.budget]?.isBaselined == true
    }
    let formatter = ISO8601DateFormatter()
    var command = Array(CommandLine.arguments.dropFirst())
    if let index = command.firstIndex(of: "--note") {
        command.removeSubrange(index..<Swift.min(index + 2, command.count))
    }
    let run =
        "\(formatter.string(from: Date())): BrigadeRatios " + command.joined(separator: " ")
        + (note.map { "; \($0)" } ?? "")
    // A partial update (--filter) keeps the record of the run that measured the other figures.
    file.measured = command.contains("--filter") && !file.measured.isEmpty ? file.measured + " | then " + run : run
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
        try (encoder.encode(file) + Data("\n".utf8)).write(to: url)
    } catch {
        print("cannot write \(url.path): \(error)")
        return 2
    }
    print("wrote \(fresh.count) figures to \(url.path)")
    return 0
}

/// `value` to four significant digits: the baseline stays readable.
func rounded(_ value: Double) -> Double {
    guard value != 0, value.isFinite else { return value }
    let scale = pow(10, 3 - floor(log10(abs(value))))
    return (value * scale).rounded() / scale
}

/// `--workloads`: every workload (and memory probe) measured alone, for compare.sh's before/after table.
@MainActor
func measureWorkloads(_ options: Options) async -> Int32 {
    var rows: [WorkloadRow] = []
    print(
        "workload".padding(toLength: 62, withPad: " ", startingAt: 0) + "   median        p10–p90   rounds"
            + "   (CPU time per operation)")
    for workload in allWorkloads() where options.matches(workload.name) {
        let alone = Budget(
            name: workload.name, kind: "tracked", measure: workload.name, against: nil, minus: nil, per: nil,
            measure_per: nil, against_per: nil, max: nil, max_ns: nil, bytes: nil, against_bytes: nil,
            against_reference_bytes: nil)
        guard let values = await rounds(alone, workloads: [workload], seconds: options.seconds), !values.isEmpty
        else { continue }
        let sorted = values.sorted()
        let row = WorkloadRow(
            workload: workload.name, unit: "ns", median: percentile(sorted, 0.5), p10: percentile(sorted, 0.1),
            p90: percentile(sorted, 0.9), rounds: values.count)
        rows.append(row)
        print(
            workload.name.padding(toLength: 62, withPad: " ", startingAt: 0) + format(row.median, "ns").leftPadded(9)
                + "  \(format(row.p10, "ns"))–\(format(row.p90, "ns"))".leftPadded(17) + "\(row.rounds)".leftPadded(9))
    }
    for probe in allMemoryProbes() where options.matches(probe.name) {
        let values = (0..<3).map { _ in probe.bytesPerItem() }.sorted()
        let row = WorkloadRow(
            workload: probe.name, unit: "bytes", median: percentile(values, 0.5), p10: values[0], p90: values[2],
            rounds: 3)
        rows.append(row)
        print(
            probe.name.padding(toLength: 62, withPad: " ", startingAt: 0)
                + String(format: "%.0f B", row.median).leftPadded(9)
                + String(format: "  %.0f–%.0f B", row.p10, row.p90).leftPadded(17) + "3".leftPadded(9))
    }
    // Async work measured across repetitions: the heap's growth per item from the first to the last.
    for probe in allHeapGrowthProbes() where options.matches(probe.name) {
        var values: [Double] = []
        for _ in 0..<3 {
            values.append(await probe.bytesPerItem())
        }
        values.sort()
        let row = WorkloadRow(
            workload: probe.name, unit: "bytes", median: percentile(values, 0.5), p10: values[0], p90: values[2],
            rounds: 3)
        rows.append(row)
        print(
            probe.name.padding(toLength: 62, withPad: " ", startingAt: 0)
                + String(format: "%.1f B", row.median).leftPadded(9)
                + String(format: "  %.1f–%.1f B", row.p10, row.p90).leftPadded(17) + "3".leftPadded(9))
    }
    if let jsonPath = options.jsonPath {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try? encoder.encode(rows).write(to: URL(fileURLWithPath: jsonPath))
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
