import BrigadeCore
import BrigadeRedux

/// Effects started and cancelled, beside bare `Task`s doing the same: one operation is 10,000 of them started, all
/// cancelled, and every one ended (each sleeps an hour unless cancelled), so the figure divided by 10,000 is the cost
/// of one effect's whole life.
func effectWorkloads() -> [Workload] {
    let round = 10_000
    return [
        Workload("Effects/start and cancel 10,000 effects", operationsPerSample: 1) {
            let store = Store(initialState: BenchState())
            return Runner { operations in
                for _ in 0..<operations {
                    await startAndCancelEffects(round, in: store)
                }
                consume(store.runningEffectCount)
            }
        },
        Workload("Effects/start and cancel 10,000 bare Tasks", operationsPerSample: 1) {
            Runner { operations in
                for _ in 0..<operations {
                    await startAndCancelTasks(round)
                }
            }
        },
    ]
}

/// Starts `count` effects on `store`, cancels them all, and returns once every one ended.
@MainActor
func startAndCancelEffects(_ count: Int, in store: Store<BenchState>) async {
    for _ in 0..<count {
        store.run(
            .run { _ in
                try await Task.sleep(for: .seconds(3_600))
            })
    }
    store.cancelAllEffects()
    await store.effectsFinished()
}

/// Starts `count` bare tasks, cancels them all, and returns once every one ended.
@MainActor
func startAndCancelTasks(_ count: Int) async {
    var tasks: [Task<Void, Never>] = []
    tasks.reserveCapacity(count)
    for _ in 0..<count {
        tasks.append(
            Task {
                try? await Task.sleep(for: .seconds(3_600))
            })
    }
    for task in tasks {
        task.cancel()
    }
    for task in tasks {
        await task.value
    }
}

/// The heap's growth across repetitions of async work, per item: flat work grows it by nothing.
public struct HeapGrowthProbe: Sendable {
    /// The probe's name.
    public let name: String
    /// Bytes the heap grew by per item from the end of the first repetition to the end of the last.
    public let bytesPerItem: @MainActor @Sendable () async -> Double
}

/// Every heap-growth probe.
public func allHeapGrowthProbes() -> [HeapGrowthProbe] {
    [
        HeapGrowthProbe(name: "Memory/Effects heap growth over 10 x 10,000 started and cancelled") {
            let store = Store(initialState: BenchState())
            let round = 10_000
            await startAndCancelEffects(round, in: store)
            let before = heapBytes()
            for _ in 1..<10 {
                await startAndCancelEffects(round, in: store)
            }
            let after = heapBytes()
            consume(store)
            return Double(after - before) / Double(9 * round)
        }
    ]
}
