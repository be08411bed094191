import BrigadeCore
import BrigadeLocking

/// What an attached inspector keeps of each action the store reduces, in the store's own types: appended by the
/// store's dispatch (code specialized for the app's state, so the state is copied, not boxed, and no closure is
/// called), handed to the inspector in batches of ``capacity``, or sooner when it asks.
///
/// BrigadeInspector makes one per attached store (``Store/inspectionLog``); nothing else does.
@MainActor
@usableFromInline
package final class _InspectionLog<State: Sendable> {
    /// An action the store reduced: the state after it, where it was dispatched, when its reducers started and when
    /// they ended (nanoseconds since 1970), and who dispatched it.
    @usableFromInline
    package struct Entry: Sendable {
        @usableFromInline package var action: any Action
        @usableFromInline package var state: State
        @usableFromInline package var site: DispatchSite?
        @usableFromInline package var started: Int64
        @usableFromInline package var ended: Int64
        @usableFromInline package var origin: InspectionOrigin
        /// How many subscribers the notification rounds after this action (before the next one) told.
        @usableFromInline package var notified: Int32 = 0
        /// How many members read by observable views those rounds invalidated.
        @usableFromInline package var invalidated: Int32 = 0

        @inlinable
        init(
            action: any Action, state: State, site: DispatchSite?, started: Int64, ended: Int64,
            origin: InspectionOrigin
        ) {
            self.action = action
            self.state = state
            self.site = site
            self.started = started
            self.ended = ended
            self.origin = origin
        }
    }

    /// The entries, in one stored property: an append costs one exclusivity check.
    @usableFromInline
    struct _Entries {
        @usableFromInline var items: [Entry] = []

        @usableFromInline init() {}

        /// Adds `entry`; returns how many entries there are.
        @inlinable
        mutating func add(_ entry: consuming Entry) -> Int {
            items.append(entry)
            return items.count
        }

        /// Adds to the counts of the last entry, if any.
        @inlinable
        mutating func addToLast(notified: Int, invalidated: Int) {
            guard !items.isEmpty else { return }
            let last = items.count - 1
            items[last].notified &+= Int32(clamping: notified)
            items[last].invalidated &+= Int32(clamping: invalidated)
        }
    }

    /// How many entries are handed over at once.
    @usableFromInline package static var capacity: Int { 256 }

    @usableFromInline var _entries = _Entries()
    /// The offsets of the entries an effect dispatched, and the effect's serial: kept beside the entries, so that
    /// taking them visits none.
    @usableFromInline var fromEffects: [(offset: Int, serial: Int)] = []
    /// The store's effects: the effect dispatching, or a replay, is an action's origin.
    private let effects: EffectRunner
    /// Not 0 when the inspector asks for the entries before the next one (another thread recorded an event).
    private let handOverWanted: AtomicCount
    /// Records a batch of entries taken from the log; `isFull` when the log was full (its newest entry was kept: the
    /// round under way adds its count to it).
    private let handOver: (_ batch: Batch, _ isFull: Bool) -> Void
    /// Told when the first entry of a batch is added; `false` when nothing is recorded any more.
    private let opened: () -> Bool
    /// What the inspector tells of the actions dispatched now, in one stored property: one exclusivity check.
    private var context = Context()

    /// What the inspector tells of the actions dispatched now.
    private struct Context {
        var isFromTool = false
        var screen: (() -> String?)?
    }

    /// Whether the action being dispatched came from the inspector's tool.
    package var isFromTool: Bool {
        get { context.isFromTool }
        set { context.isFromTool = newValue }
    }
    /// The URL of the screen on top, for an action the app's code dispatches, when a navigator is attached.
    package var screen: (() -> String?)? {
        get { context.screen }
        set { context.screen = newValue }
    }
    /// How many entries were taken so far.
    @usableFromInline package internal(set) var takenCount = 0

    /// A log for `effects`' store; the closures are the inspector's.
    package init(
        effects: EffectRunner, handOverWanted: AtomicCount,
        handOver: @escaping (_ batch: Batch, _ isFull: Bool) -> Void,
        opened: @escaping () -> Bool
    ) {
        self.effects = effects
        self.handOverWanted = handOverWanted
        self.handOver = handOver
        self.opened = opened
        _entries.items.reserveCapacity(Self.capacity)
    }

    /// How many entries were added so far, taken or not.
    package var count: Int { takenCount + _entries.items.count }

    /// Adds what the store's dispatch of `action` made: the state after it, and when its reducers started.
    @inlinable
    func _append(_ action: any Action, state: State, site: DispatchSite?, started: Int64) {
        if _handOverFirst() {
            _handOver(isFull: false)
        }
        let entry = Entry(
            action: action, state: state, site: site, started: started, ended: _wallClockNanoseconds(),
            origin: _origin())
        let count = _entries.add(entry)
        if count == 1 {
            _opened()
        } else if count >= Self.capacity {
            _handOver(isFull: true)
        }
    }

    /// Adds the subscribers a notification round told, and the members of observable views it invalidated, to the
    /// counts of the last action before it.
    @inlinable
    func _roundEnded(notified: Int, invalidated: Int) {
        guard notified > 0 || invalidated > 0 else { return }
        _entries.addToLast(notified: notified, invalidated: invalidated)
    }

    @usableFromInline
    func _handOverFirst() -> Bool {
        handOverWanted.load() != 0
    }

    /// Takes the entries (in the store's specialized code, where the state's type is known) and hands them over.
    @inlinable
    func _handOver(isFull: Bool) {
        if let batch = take(keepingLast: isFull) {
            _record(batch, isFull: isFull)
        }
    }

    @usableFromInline
    func _record(_ batch: Batch, isFull: Bool) {
        handOver(batch, isFull)
    }

    @usableFromInline
    func _opened() {
        if !opened() {
            _entries.items.removeAll(keepingCapacity: true)
            fromEffects.removeAll()
        }
    }

    /// Who dispatched the action being reduced.
    @usableFromInline
    func _origin() -> InspectionOrigin {
        let source = effects.source
        if let effect = source.dispatching {
            fromEffects.append((_entries.items.count, effect.serial))
            return .effect(effect)
        }
        if source.replaying {
            return .replay
        }
        let context = self.context
        if context.isFromTool {
            return .tool
        }
        return .app(screen: context.screen?())
    }

    /// Entries taken from the log, oldest first, with the offsets of those an effect dispatched and the effect's
    /// serial.
    @usableFromInline
    package final class Batch: Sendable {
        package let entries: [Entry]
        package let fromEffects: [(offset: Int, serial: Int)]

        @usableFromInline
        init(entries: [Entry], fromEffects: [(offset: Int, serial: Int)]) {
            self.entries = entries
            self.fromEffects = fromEffects
        }
    }

    /// Takes the entries added since the last call (`nil` when there are none); the newest stays when `keepingLast`
    /// (the notification round under way adds to its count).
    @inlinable
    package func take(keepingLast: Bool = false) -> Batch? {
        var taken: [Entry] = []
        taken.reserveCapacity(Self.capacity)
        swap(&taken, &_entries.items)
        var effects: [(offset: Int, serial: Int)] = []
        swap(&effects, &fromEffects)
        if keepingLast, let last = taken.popLast() {
            _entries.items.append(last)
            if let kept = effects.last, kept.offset == taken.count {
                effects.removeLast()
                fromEffects.append((0, kept.serial))
            }
        }
        guard !taken.isEmpty else { return nil }
        takenCount += taken.count
        return Batch(entries: taken, fromEffects: effects)
    }
}



/// Who dispatched an action an inspector records.
@usableFromInline
package enum InspectionOrigin: Sendable {
    /// The app's code, with the URL of the screen on top (`screen`), if any.
    case app(screen: String?)
    /// An effect (indirect: a rare case kept out of every entry's inline size).
    indirect case effect(EffectOrigin)
    /// An action log's replay, or the tool's skip.
    case replay
    /// The tool (its page dispatched the action, or imported the state).
    case tool
}
