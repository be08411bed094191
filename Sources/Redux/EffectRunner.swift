import BrigadeCore
import BrigadeLocking

/// One started effect: its identity and origin, whether it was cancelled, and its task.
///
/// Cancelled from any thread (a subscription disposed off the main actor), so its mutable part sits behind a lock.
final class EffectRecord: Sendable {
    private struct Mutable {
        var isCancelled = false
        var task: Task<Void, Never>?
    }

    let id: EffectID?
    let origin: EffectOrigin
    // Guards the cancellation flag and the task, read by `Effect.Send` on the main actor and written by `cancel()`
    // from any thread.
    private let mutable = Locked(Mutable())

    init(id: EffectID?, origin: EffectOrigin) {
        self.id = id
        self.origin = origin
    }

    var isCancelled: Bool {
        mutable.withLock { $0.isCancelled }
    }

    /// Marks the effect cancelled and cancels its task; returns whether it was running until now.
    @discardableResult
    func cancel() -> Bool {
        let (wasRunning, task) = mutable.withLock { state -> (Bool, Task<Void, Never>?) in
            defer { state.isCancelled = true }
            return (!state.isCancelled, state.task)
        }
        task?.cancel()
        return wasRunning
    }

    func attach(_ task: Task<Void, Never>) {
        let cancelled = mutable.withLock { state -> Bool in
            state.task = task
            return state.isCancelled
        }
        if cancelled {
            task.cancel()
        }
    }
}

/// What happened to an effect, for BrigadeTesting's `TestStore`.
package enum EffectEvent {
    /// The effect started.
    case started(EffectOrigin)
    /// The effect was cancelled, with its identity.
    case cancelled(EffectOrigin, id: AnyHashable?)
    /// The effect's task ended.
    case finished(EffectOrigin)
}

/// Starts, cancels and counts a store's effects (``_EffectRunner``).
package typealias EffectRunner = _EffectRunner

/// Starts, cancels and counts a store's effects, on the main actor.
@MainActor
@usableFromInline
package final class _EffectRunner {
    /// The effect whose action the store is dispatching, if any (``Store/currentEffect``): kept here, in a class that
    /// is not generic, so that the inspector reads it cheaply on each dispatch.
    package var dispatching: EffectOrigin? {
        get { _source._dispatching }
        set { _source._dispatching = newValue }
    }
    /// Whether an ``ActionLog`` is replaying into the store: its actions are the log's, not the app's.
    package var replaying: Bool {
        get { _source._replaying }
        set { _source._replaying = newValue }
    }
    /// Where the action being dispatched comes from, in one stored property: the inspector reads both members on each
    /// dispatch with one exclusivity check.
    @usableFromInline package private(set) var _source = _DispatchSource()

    /// The effects whose task has not ended, cancelled or not, by serial.
    private var running: [Int: EffectRecord] = [:]
    /// The running effects not cancelled, by identity.
    private var byID: [EffectID: [EffectRecord]] = [:]
    private var nextSerial = 0
    /// The serials of the running effects whose cancellation the observer was told.
    private var reportedCancellations: Set<Int> = []
    private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiter = 0
    /// Dispatches an action an effect sent; set by the store.
    var deliver: @MainActor @Sendable (any Action, EffectRecord) -> Void = { _, _ in }
    /// Reports an effect's unhandled error; set by the store.
    var reportFailure: @MainActor (EffectOrigin, any Error) -> Void = { _, _ in }
    /// Told about each effect event.
    var observer: ((EffectEvent) -> Void)?

    nonisolated init() {}

    deinit {
        for record in running.values {
            record.cancel()
        }
    }

    /// The number of effects whose task has not ended.
    var count: Int { running.count }

    /// Whether an effect of identity `id` runs and was not cancelled.
    func isRunning(_ id: EffectID) -> Bool {
        byID[id]?.contains { !$0.isCancelled } == true
    }

    /// The origins of the effects still running, oldest first.
    var runningOrigins: [EffectOrigin] {
        running.values.map(\.origin).sorted { $0.serial < $1.serial }
    }

    /// Starts `effect`; returns the records of the work it started.
    @discardableResult
    func start(
        _ effect: Effect, startedBy: String, clock: any Clock<Duration>, services: EffectServices
    ) -> [EffectRecord] {
        switch effect.kind {
        case .none:
            return []
        case .cancel(let id):
            cancel(id)
            return []
        case .merge(let effects):
            return effects.flatMap { start($0, startedBy: startedBy, clock: clock, services: services) }
        case .run(let run):
            if let id = run.id, run.cancelInFlight {
                cancel(id)
            }
            return [start(run, startedBy: startedBy, clock: clock, services: services)]
        }
    }

    /// Cancels the running effects of identity `id`.
    func cancel(_ id: EffectID) {
        guard let records = byID.removeValue(forKey: id) else { return }
        for record in records {
            record.cancel()
            reportCancellation(of: record)
        }
    }

    /// Cancels every running effect.
    func cancelAll() {
        // Oldest first, by serial: sorting the integer keys retains no record (sorting the records by their serial
        // was a sixth of the cost of starting and cancelling 10,000 effects).
        for serial in running.keys.sorted() {
            guard let record = running[serial] else { continue }
            record.cancel()
            reportCancellation(of: record)
        }
        byID.removeAll()
    }

    /// Tells the observer that the `records` still running were cancelled (by a disposed subscription), unless it was
    /// told already.
    func reportCancellations(of records: [EffectRecord]) {
        for record in records where running[record.origin.serial] === record {
            reportCancellation(of: record)
        }
    }

    /// Tells the observer, once, that `record` was cancelled (by identity, by the store, or by a disposed
    /// subscription; at the latest when its task ends).
    private func reportCancellation(of record: EffectRecord) {
        guard let observer, record.isCancelled, reportedCancellations.insert(record.origin.serial).inserted else {
            return
        }
        observer(.cancelled(record.origin, id: record.id.map { AnyHashable($0.base) }))
    }

    /// Returns once no effect's task is running, or when the waiting task is cancelled.
    func waitUntilIdle() async {
        guard !running.isEmpty, !Task.isCancelled else { return }
        nextWaiter += 1
        let waiter = nextWaiter
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if running.isEmpty {
                    continuation.resume()
                } else {
                    waiters[waiter] = continuation
                }
            }
        } onCancel: {
            Task { @MainActor in
                self.waiters.removeValue(forKey: waiter)?.resume()
            }
        }
    }

    /// Starts the work of a VISPER-style asynchronous reducer as an effect without identity: counted, awaited by
    /// ``waitUntilIdle()``, cancelled with the store.
    func startAsyncReduction(
        startedBy: String,
        _ work: @escaping @MainActor (_ isCancelled: @escaping @Sendable () -> Bool) async -> Void
    ) {
        nextSerial += 1
        let origin = EffectOrigin(id: nil, startedBy: startedBy, serial: nextSerial)
        let record = EffectRecord(id: nil, origin: origin)
        running[nextSerial] = record
        observer?(.started(origin))
        let task = Task { [weak self] in
            await work { record.isCancelled }
            self?.ended(record)
        }
        record.attach(task)
    }

    private func start(
        _ run: Effect.Run, startedBy: String, clock: any Clock<Duration>, services: EffectServices
    ) -> EffectRecord {
        nextSerial += 1
        let origin = EffectOrigin(id: run.id?.description, startedBy: startedBy, serial: nextSerial)
        let record = EffectRecord(id: run.id, origin: origin)
        running[nextSerial] = record
        if let id = run.id {
            byID[id, default: []].append(record)
        }
        observer?(.started(origin))
        let send = Effect.Send(record: record, deliver: deliver, clock: clock, services: services)
        let task = Task(priority: run.priority) { [weak self] in
            do {
                try await run.operation(send)
            } catch {
                if !record.isCancelled {
                    if let handleError = run.handleError {
                        await handleError(error, send)
                    } else {
                        self?.reportFailure(origin, error)
                    }
                }
            }
            self?.ended(record)
        }
        record.attach(task)
        return record
    }

    private func ended(_ record: EffectRecord) {
        running[record.origin.serial] = nil
        if let id = record.id, var records = byID[id] {
            records.removeAll { $0 === record }
            byID[id] = records.isEmpty ? nil : records
        }
        reportCancellation(of: record)
        if !reportedCancellations.isEmpty {
            reportedCancellations.remove(record.origin.serial)
        }
        observer?(.finished(record.origin))
        if running.isEmpty, !waiters.isEmpty {
            let resumed = waiters.values
            waiters.removeAll()
            for waiter in resumed {
                waiter.resume()
            }
        }
    }
}

/// Where the action a store dispatches comes from: an effect, or an ``ActionLog``'s replay.
@usableFromInline
package struct _DispatchSource {
    /// The effect whose action the store is dispatching, if any.
    @usableFromInline package var _dispatching: EffectOrigin?
    /// Whether an ``ActionLog`` is replaying into the store.
    @usableFromInline package var _replaying = false

    @usableFromInline init() {}
}
