import BrigadeCore

/// Asynchronous work a reducer (or a presenter or feature, through ``Store/run(_:)``) starts, which may dispatch
/// follow-up actions: none, one or many.
///
/// ```swift
/// struct TasksLoad: Hashable, Sendable {}
///
/// store.reducers.add(effectsOn: \AppState.tasks) { (tasks: inout TaskList, _: LoadTasks) -> Effect in
///     tasks.isLoading = true
///     return .run(id: TasksLoad(), cancelInFlight: true) { send in
///         let loaded = try await api.tasks()
///         await send(TasksLoaded(tasks: loaded))
///     } catch: { error, send in
///         await send(TasksFailed(message: "\(error)"))
///     }
/// }
/// store.reducers.add(effectsOn: \AppState.self) { (_: inout AppState, _: SignOut) -> Effect in
///     .cancel(id: TasksLoad())
/// }
/// ```
///
/// Guarantees:
/// - An effect runs in its own task, started by the store after the reducers of the action that returned it ran.
/// - Its identity (any `Hashable & Sendable` value) names it: ``cancel(id:)`` cancels every running effect of that
///   identity, and ``run(id:cancelInFlight:priority:operation:catch:)`` with `cancelInFlight` first cancels them.
/// - Once an effect is cancelled, nothing it sends is dispatched, even if its work ignores cancellation: a result
///   that arrives after cancellation is never applied. Its task is cancelled too, so well-behaved work stops.
/// - Every effect is cancelled when its store goes away.
public struct Effect: Sendable {
    enum Kind: Sendable {
        case none
        case run(Run)
        case cancel(EffectID)
        case merge([Effect])
    }

    struct Run: Sendable {
        let id: EffectID?
        let cancelInFlight: Bool
        let priority: TaskPriority?
        let operation: @Sendable (Send) async throws -> Void
        let handleError: (@Sendable (any Error, Send) async -> Void)?
    }

    let kind: Kind

    /// No work.
    public static let none = Effect(kind: .none)

    /// Work that runs in its own task and sends follow-up actions with `send`.
    ///
    /// - Parameters:
    ///   - id: The identity of the work, by which it is cancelled; `nil` for work nobody cancels by name.
    ///   - cancelInFlight: Whether to cancel the running work of the same identity first (a new search cancels the
    ///     previous one).
    ///   - priority: The priority of the work's task.
    ///   - operation: The work. It runs off the main actor; `send` dispatches an action on the main actor, unless
    ///     the effect was cancelled.
    ///   - handleError: Called with an error `operation` throws, unless the effect was cancelled; without it, the
    ///     store reports ``StoreDiagnostic/effectFailed(effect:error:)``. A `CancellationError` of a cancelled effect
    ///     is never reported.
    /// - Returns: The effect.
    public static func run(
        id: (any Hashable & Sendable)? = nil,
        cancelInFlight: Bool = false,
        priority: TaskPriority? = nil,
        operation: @escaping @Sendable (_ send: Send) async throws -> Void,
        catch handleError: (@Sendable (_ error: any Error, _ send: Send) async -> Void)? = nil
    ) -> Effect {
        Effect(
            kind: .run(
                Run(
                    id: id.map(EffectID.init), cancelInFlight: cancelInFlight, priority: priority,
                    operation: operation, handleError: handleError)))
    }

    /// Cancels every running effect whose identity is `id`; nothing they send afterwards is dispatched.
    public static func cancel(id: any Hashable & Sendable) -> Effect {
        Effect(kind: .cancel(EffectID(id)))
    }

    /// The effects together, started in order.
    public static func merge(_ effects: Effect...) -> Effect {
        merge(effects)
    }

    /// The effects together, started in order.
    public static func merge(_ effects: [Effect]) -> Effect {
        Effect(kind: .merge(effects))
    }

    /// Whether the effect does nothing.
    @usableFromInline var _isNone: Bool {
        if case .none = kind {
            return true
        }
        return false
    }
}

extension Effect {
    /// What an effect's work is given: dispatches its follow-up actions, and the clock it should wait on.
    ///
    /// ```swift
    /// .run(id: Search(), cancelInFlight: true) { send in
    ///     try await send.clock.sleep(for: .milliseconds(300))  // debounce; instant with a ManualClock in tests
    ///     await send(SearchResults(items: try await api.search(query)))
    /// }
    /// ```
    public struct Send: Sendable {
        let record: EffectRecord
        let deliver: @MainActor @Sendable (any Action, EffectRecord) -> Void

        /// The store's ``Store/effectClock``: a continuous clock in an app, a manual one in a test.
        public let clock: any Clock<Duration>

        /// The store's ``Store/effectServices`` when the effect started: the app's kitchen, with a test's
        /// replacements on top.
        public let services: EffectServices

        /// Dispatches `action` to the store, after the actions dispatched before it; drops it when the effect was
        /// cancelled or the store is gone.
        @MainActor
        public func callAsFunction(_ action: some Action) {
            guard !record.isCancelled else { return }
            deliver(action, record)
        }

        /// Whether the effect was cancelled: anything it sends now is dropped.
        public var isCancelled: Bool {
            record.isCancelled
        }
    }
}

/// Which effect dispatched an action: its identity and the action that started it. The action log keeps it with
/// each action an effect dispatched.
public struct EffectOrigin: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The effect's identity as text, `nil` for an effect without one.
    public let id: String?
    /// The type of the action whose reducer returned the effect, or `"Store.run"` for an effect a presenter or a
    /// feature started.
    public let startedBy: String
    /// The effect's number in its store: effects are numbered from 1 in the order they started.
    public let serial: Int

    /// Creates an origin.
    public init(id: String?, startedBy: String, serial: Int) {
        self.id = id
        self.startedBy = startedBy
        self.serial = serial
    }

    /// `effect #3 (id TasksLoad()) started by LoadTasks`.
    public var description: String {
        "effect #\(serial)" + (id.map { " (id \($0))" } ?? "") + " started by \(startedBy)"
    }
}

/// An effect identity, compared as the value it wraps.
struct EffectID: Hashable, Sendable, CustomStringConvertible {
    let base: any Hashable & Sendable

    init(_ base: any Hashable & Sendable) {
        self.base = base
    }

    static func == (lhs: EffectID, rhs: EffectID) -> Bool {
        AnyHashable(lhs.base) == AnyHashable(rhs.base)
    }

    func hash(into hasher: inout Hasher) {
        AnyHashable(base).hash(into: &hasher)
    }

    var description: String {
        String(describing: base)
    }
}
