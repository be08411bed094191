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
    /// they ended (nanoseconds since 1970), and who dispatched it; with what the notification rounds between the
    /// action before it and itself cost (the action before's cost: see ``Batch/cost(at:)``).
    @usableFromInline
    package struct _Entry: Sendable {
        @usableFromInline package var _action: any Action
        @usableFromInline package var _state: State
        @usableFromInline package var _site: DispatchSite?
        @usableFromInline package var _started: Int64
        @usableFromInline package var _ended: Int64
        @usableFromInline package var _origin: _InspectionOrigin
        /// What the rounds since the action before told and invalidated.
        @usableFromInline package var _before: _RoundCount

        @inlinable
        init(
            action: any Action, state: State, site: DispatchSite?, started: Int64, ended: Int64,
            origin: _InspectionOrigin, before: _RoundCount
        ) {
            self._action = action
            self._state = state
            self._site = site
            self._started = started
            self._ended = ended
            self._origin = origin
            self._before = before
        }
    }

    /// An action the store reduced (``_Entry``).
    package typealias Entry = _Entry
    /// Entries taken from the log (``_Batch``).
    package typealias Batch = _Batch
    /// What notification rounds cost (``_RoundCount``).
    package typealias RoundCount = _RoundCount

    /// How many subscribers notification rounds told, and how many members read by observable views they
    /// invalidated.
    @usableFromInline
    package struct _RoundCount: Sendable {
        @usableFromInline package var _notified: Int32 = 0
        @usableFromInline package var _invalidated: Int32 = 0

        @inlinable
        init() {}
    }

    /// What the log holds and what the inspector told it, in one stored property: an action appended, or a round's
    /// count added, costs one exclusivity check.
    @usableFromInline
    struct _Contents {
        @usableFromInline var _items: [_Entry] = []
        /// The offsets of the entries an effect dispatched, and the effect's serial: kept beside the entries, so that
        /// taking them visits none.
        @usableFromInline var _fromEffects: [(offset: Int, serial: Int)] = []
        /// What the rounds since the last entry told and invalidated: carried by the next entry.
        @usableFromInline var _pending = _RoundCount()
        /// Whether the action being dispatched came from the inspector's tool.
        @usableFromInline var _isFromTool = false
        /// The URL of the screen on top, for an action the app's code dispatches, when a navigator is attached.
        @usableFromInline var _screen: (() -> String?)?

        @usableFromInline init() {}

        /// Adds an entry for `action`, dispatched from `source`; returns how many entries there are.
        @inlinable
        mutating func add(
            _ action: any Action, state: State, site: DispatchSite?, started: Int64, source: _DispatchSource
        ) -> Int {
            let origin: _InspectionOrigin
            if let effect = source._dispatching {
                _fromEffects.append((_items.count, effect.serial))
                origin = .effect(effect)
            } else if source._replaying {
                origin = .replay
            } else if _isFromTool {
                origin = .tool
            } else {
                origin = .app(screen: _screen?())
            }
            _items.append(
                _Entry(
                    action: action, state: state, site: site, started: started, ended: _wallClockNanoseconds(),
                    origin: origin, before: _pending))
            _pending = _RoundCount()
            return _items.count
        }

        /// Adds a round's count.
        @inlinable
        mutating func addRound(notified: Int, invalidated: Int) {
            _pending._notified &+= Int32(clamping: notified)
            _pending._invalidated &+= Int32(clamping: invalidated)
        }
    }

    /// How many entries are handed over at once.
    @usableFromInline package static var _capacity: Int { 256 }

    @usableFromInline var _contents = _Contents()
    /// The store's effects: the effect dispatching, or a replay, is an action's origin.
    @usableFromInline let _effects: _EffectRunner
    /// Not 0 when the inspector asks for the entries before the next one (another thread recorded an event).
    private let handOverWanted: AtomicCount
    /// Records a batch of entries taken from the log; `isFull` when the log was full (its newest entry was kept: the
    /// round under way adds its count to it).
    private let handOver: (_ batch: _Batch, _ isFull: Bool) -> Void
    /// Told when the first entry of a batch is added; `false` when nothing is recorded any more.
    private let opened: () -> Bool
    /// How many entries were taken so far.
    @usableFromInline package internal(set) var _takenCount = 0

    /// Whether the action being dispatched came from the inspector's tool.
    package var isFromTool: Bool {
        get { _contents._isFromTool }
        set { _contents._isFromTool = newValue }
    }
    /// The URL of the screen on top, for an action the app's code dispatches, when a navigator is attached.
    package var screen: (() -> String?)? {
        get { _contents._screen }
        set { _contents._screen = newValue }
    }

    /// A log for `effects`' store; the closures are the inspector's.
    package init(
        effects: EffectRunner, handOverWanted: AtomicCount,
        handOver: @escaping (_ batch: _Batch, _ isFull: Bool) -> Void,
        opened: @escaping () -> Bool
    ) {
        _effects = effects
        self.handOverWanted = handOverWanted
        self.handOver = handOver
        self.opened = opened
        _contents._items.reserveCapacity(Self._capacity)
    }

    /// How many entries were added so far, taken or not.
    package var count: Int { _takenCount + _contents._items.count }

    /// Adds what the store's dispatch of `action` made: the state after it, and when its reducers started.
    @inlinable
    func _append(_ action: any Action, state: State, site: DispatchSite?, started: Int64) {
        if _handOverFirst() {
            _handOver(isFull: false)
        }
        let count = _contents.add(action, state: state, site: site, started: started, source: _effects._source)
        if count == 1 {
            _opened()
        } else if count >= Self._capacity {
            _handOver(isFull: true)
        }
    }

    /// Adds the subscribers a notification round told, and the members of observable views it invalidated, to the
    /// cost of the last action before it.
    @inlinable
    func _roundEnded(notified: Int, invalidated: Int) {
        if notified > 0 || invalidated > 0 {
            _contents.addRound(notified: notified, invalidated: invalidated)
        }
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
    func _record(_ batch: _Batch, isFull: Bool) {
        handOver(batch, isFull)
    }

    @usableFromInline
    func _opened() {
        if !opened() {
            _contents._items.removeAll(keepingCapacity: true)
            _contents._fromEffects.removeAll()
        }
    }

    /// Entries taken from the log, oldest first, with the offsets of those an effect dispatched and the effect's
    /// serial.
    @usableFromInline
    package final class _Batch: Sendable {
        package let entries: [_Entry]
        package let fromEffects: [(offset: Int, serial: Int)]
        /// What the rounds after the last entry told and invalidated, until the batch was taken.
        let trailing: _RoundCount

        @usableFromInline
        init(entries: [_Entry], fromEffects: [(offset: Int, serial: Int)], trailing: _RoundCount) {
            self.entries = entries
            self.fromEffects = fromEffects
            self.trailing = trailing
        }

        /// What the rounds after the entry at `offset` told and invalidated, before the next action (or before the
        /// batch was taken: a round during a hand-over of the inspector's is counted on the next action's
        /// predecessor, which is not in this batch, and so not counted).
        package func cost(at offset: Int) -> _RoundCount {
            offset + 1 < entries.count ? entries[offset + 1]._before : trailing
        }
    }

    /// Takes the entries added since the last call (`nil` when there are none); the newest stays when `keepingLast`
    /// (the notification round under way adds to its count).
    @inlinable
    package func take(keepingLast: Bool = false) -> _Batch? {
        var taken: [_Entry] = []
        taken.reserveCapacity(Self._capacity)
        swap(&taken, &_contents._items)
        var effects: [(offset: Int, serial: Int)] = []
        swap(&effects, &_contents._fromEffects)
        var trailing = _contents._pending
        if keepingLast, let last = taken.popLast() {
            trailing = last._before
            _contents._items.append(last)
            if let kept = effects.last, kept.offset == taken.count {
                effects.removeLast()
                _contents._fromEffects.append((0, kept.serial))
            }
        } else {
            _contents._pending = _RoundCount()
        }
        guard !taken.isEmpty else { return nil }
        _takenCount += taken.count
        return _Batch(entries: taken, fromEffects: effects, trailing: trailing)
    }
}

/// Who dispatched an action an inspector records (``_InspectionOrigin``).
package typealias InspectionOrigin = _InspectionOrigin

/// Who dispatched an action an inspector records.
@usableFromInline
package enum _InspectionOrigin: Sendable {
    /// The app's code, with the URL of the screen on top (`screen`), if any.
    case app(screen: String?)
    /// An effect (indirect: a rare case kept out of every entry's inline size).
    indirect case effect(EffectOrigin)
    /// An action log's replay, or the tool's skip.
    case replay
    /// The tool (its page dispatched the action, or imported the state).
    case tool
}
