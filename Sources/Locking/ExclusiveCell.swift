/// Fields that one actor reads and writes in turns, kept without Swift's dynamic exclusivity check: Brigade's one
/// opt-out of that check (CONTRIBUTING.md, Concurrency and unsafe code).
///
/// The store keeps its engine's mutable fields in one cell, and so do its subscriber lists, its subscriber groups, its
/// reducer table and chains, each behind accessors named for the fields; `ObservedState`'s core keeps its storage in
/// one, under its lock. What makes skipping the check sound:
/// - Every access is on one actor (the main actor), or under one lock, so no two run at once.
/// - Notification rounds never nest: an action dispatched by a subscriber, a reducer or a middleware is queued, never
///   processed inside the round. Debug builds check it: the store brackets each round with ``_beginRound()`` and
///   ``_endRound()``, inside `assert`.
/// - The one access that spans user code is a reducer's to the state it changes in place; the code it calls may queue
///   an action (another field) but its reads of the state are refused before they reach the field
///   (`Store.reducesInPlace`).
///
/// Measured, with the cell's struct in a checked stored property and in this cell (release, interleaved, 2026-11-28,
/// `BrigadeRatios Benchmarks/budgets.json --check --filter <budget> --seconds 2`): the SwiftUI bridge's dispatch with no
/// view watching 141 against 106 ns (1.32x; 2.5x an `@Observable` mutation, over its 2.0x budget), the store's dispatch
/// with no subscriber 90.5 against 63 ns (1.44x), with one subscriber 148 against 120 ns (1.23x): docs/Performance.md,
/// "Issue 44: one engine, one opt-out".
@usableFromInline
package final class _ExclusiveCell<Value> {
    /// Where the fields live. A pointer's memory has no dynamic exclusivity check, in this module or in one that
    /// inlines an accessor; a stored property marked unchecked is checked again where another module accesses it.
    // brigade:allow-unsafe one actor's fields, rounds never nest (asserted): bridge dispatch 1.32x (141 vs 106 ns)
    @usableFromInline package let _fields: UnsafeMutablePointer<Value>
    /// How many rounds are under way: 0 or 1. Only debug builds write it, inside `assert`.
    @usableFromInline package var _rounds = 0

    /// Called with the fields when the cell goes away, before they are destroyed.
    @usableFromInline let _onRelease: ((Value) -> Void)?

    /// A cell holding `value`; `onRelease` is called with the fields when the cell goes away (its owner's `deinit`
    /// cannot reach a cell that is not `Sendable`).
    @inlinable
    package init(_ value: Value, onRelease: ((Value) -> Void)? = nil) {
        _fields = .allocate(capacity: 1)
        _fields.initialize(to: value)
        _onRelease = onRelease
    }

    deinit {
        // brigade:allow-unsafe the cell's fields, read once as it goes: bridge dispatch 1.32x (141 vs 106 ns)
        _onRelease?(_fields.pointee)
        _fields.deinitialize(count: 1)
        _fields.deallocate()
    }

    /// The fields, reached in place: reading one field loads that field, as from a stored property.
    @inlinable
    package var _value: Value {
        // brigade:allow-unsafe the cell's fields, as above: bridge dispatch 1.32x (141 vs 106 ns)
        unsafeAddress { UnsafePointer(_fields) }
        // brigade:allow-unsafe the cell's fields, as above: bridge dispatch 1.32x (141 vs 106 ns)
        unsafeMutableAddress { _fields }
    }

    /// Starts a round; `false` when one is under way already. Call it inside `assert`, with ``_endRound()``.
    @inlinable
    package func _beginRound() -> Bool {
        _rounds += 1
        return _rounds == 1
    }

    /// Ends a round; `false` when none was under way. Call it inside `assert`.
    @inlinable
    package func _endRound() -> Bool {
        _rounds -= 1
        return _rounds == 0
    }
}
