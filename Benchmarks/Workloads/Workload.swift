import CSupport
import Foundation

/// One measured operation and how to set it up: the single definition both the ordo-one table (BrigadeBenchmarks)
/// and the interleaved ratios (BrigadeRatios) run.
public struct Workload: Sendable {
    /// The benchmark's name, as budgets.json and the tables spell it.
    public let name: String
    /// Operations per ordo-one sample: 1,000 for fast operations, 1 for slow ones.
    public let operationsPerSample: Int
    /// Builds the workload's state (untimed) and returns what runs it.
    public let make: @MainActor @Sendable () async -> Runner

    /// A workload named `name` whose state `make` builds.
    public init(
        _ name: String,
        operationsPerSample: Int = 1_000,
        make: @escaping @MainActor @Sendable () async -> Runner
    ) {
        self.name = name
        self.operationsPerSample = operationsPerSample
        self.make = make
    }
}

/// A set-up workload: `prepare` (untimed) before each timed `run(n)`, which performs `n` operations.
@MainActor
public final class Runner {
    /// Untimed work before each timed batch (fresh inputs for operations that consume them).
    public let prepare: @MainActor () -> Void
    /// Performs the given number of operations; the only timed part.
    public let run: @MainActor (Int) async -> Void
    /// Releases what the workload made (files); called once at the end.
    public let finish: @MainActor () -> Void
    /// The most operations one `prepare` sets up for: `run` is never asked for more.
    public let maxBatch: Int
    /// Untimed work after each timed batch: waits for what the batch left running in the background (an attached
    /// inspector's encoding), so that it does not weigh on the next batch, of this workload or of its peer.
    public let settle: @MainActor () async -> Void

    /// A runner of `run`, with `prepare` before each batch, `settle` after it and `finish` at the end.
    public init(
        maxBatch: Int = .max,
        prepare: @escaping @MainActor () -> Void = {},
        finish: @escaping @MainActor () -> Void = {},
        settle: @escaping @MainActor () async -> Void = {},
        run: @escaping @MainActor (Int) async -> Void
    ) {
        self.settle = settle
        self.prepare = prepare
        self.run = run
        self.finish = finish
        self.maxBatch = maxBatch
    }
}

/// Hides `value` from the optimizer: it must assume the result could be anything of the type.
@inline(__always)
public func opaque<T>(_ value: T) -> T {
    var copy = value
    withUnsafeMutablePointer(to: &copy) { brigade_clobber($0) }
    return copy
}

/// Keeps `value` computed: the optimizer must assume it is read, so it cannot drop the work that produced it.
@inline(__always)
public func consume<T>(_ value: T) {
    withUnsafePointer(to: value) { brigade_consume($0) }
}

/// A counter written only by the workload's own thread.
public final class Total: @unchecked Sendable {
    // Written only by the workload's own thread (the main actor).
    /// The running total.
    public var value = 0
    /// A total of zero.
    public init() {}
}

/// Every workload, in table order.
public func allWorkloads() -> [Workload] {
    floorWorkloads() + reactiveWorkloads() + reduxWorkloads() + effectWorkloads() + reSwiftModelWorkloads()
        + routingWorkloads()
        + wireframeWorkloads()
        + compositionWorkloads() + kitchenWorkloads() + larderWorkloads() + actionLogWorkloads() + launchWorkloads()
        + verifyWorkloads()
        + bridgeWorkloads() + inspectorWorkloads()
}
