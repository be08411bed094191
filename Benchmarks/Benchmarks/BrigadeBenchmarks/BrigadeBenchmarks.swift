import Benchmark
import BrigadeWorkloads
import Foundation

// The ordo-one table: every workload of BrigadeWorkloads (the same code BrigadeRatios interleaves), each sample
// running `operationsPerSample` operations and reporting per-operation figures (wall clock and mallocs).

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 3,
        scalingFactor: .kilo,
        maxDuration: .milliseconds(Int(benchmarkSeconds * 1_000)),
        maxIterations: 1_000_000
    )
    for workload in allWorkloads() {
        let configuration =
            workload.operationsPerSample == 1_000 ? Benchmark.defaultConfiguration : .init(scalingFactor: .one)
        // Each sample sets the workload up afresh (untimed), as a benchmark of its own would.
        Benchmark(workload.name, configuration: configuration) { @MainActor (benchmark: Benchmark) async in
            let runner = await workload.make()
            runner.prepare()
            benchmark.startMeasurement()
            await runner.run(benchmark.scaledIterations.count)
            benchmark.stopMeasurement()
            await runner.settle()
            runner.finish()
        }
    }
}

/// Seconds per benchmark, from BRIGADE_BENCHMARK_SECONDS (CI runs short).
let benchmarkSeconds: Double = {
    if let text = getenv("BRIGADE_BENCHMARK_SECONDS").map({ String(cString: $0) }), let seconds = Double(text) {
        return seconds
    }
    return 1
}()
