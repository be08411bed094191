/// A stored property of a value reached at its offset, as `MemoryLayout<Root>.offset(of:)` gives it for a key path of
/// stored properties only; that method's documentation shows this use of the offset.
///
/// For the two paths where a key path's projection (a generic walk through the key path's components in the runtime)
/// was measured more than 1.5x slower on a dispatch: a key-path subscription's selection, and a member an
/// `ObservedState` view read. A key path through a computed property, a subscript or a class has no offset: its users
/// fall back to the key path. (A key-path reducer stays with its key path: its offset saved 1.02x.)
@usableFromInline
package enum _StoredMember {
    /// Where a value lies, valid only inside the body of ``_inPlace(_:_:_:)``: its members are read there without
    /// copying the value.
    // brigade:allow-unsafe the place of a value borrowed by `_inPlace`, for the offset comparisons of `_differ`
    @usableFromInline package typealias _Place<Root> = UnsafePointer<Root>

    /// Calls `body` with the places of `first` and `second`, valid for the call only: to compare their members where
    /// they lie (``_differ(_:_:at:as:)``), without copying either value.
    @inlinable
    package static func _inPlace<Root, Result>(
        _ first: inout Root, _ second: inout Root, _ body: (_Place<Root>, _Place<Root>) -> Result
    ) -> Result {
        // brigade:allow-unsafe two values borrowed for the length of `body`, for `_differ` (its gain below)
        withUnsafePointer(to: &first) { first in
            // brigade:allow-unsafe as above
            withUnsafePointer(to: &second) { second in body(first, second) }
        }
    }

    /// The whole value at `place` (a copy).
    @inlinable
    package static func _value<Root>(at place: _Place<Root>) -> Root {
        // brigade:allow-unsafe a value `_inPlace` borrows, copied out: for a comparison with no offset (rare)
        place.pointee
    }

    /// The member of `root` stored at `offset`.
    // brigade:allow-unsafe its key path's projection: dispatch with 3 key-path groups 1.51x (306 vs 203 ns)
    @inlinable
    package static func _read<Root, Member>(_ root: Root, at offset: Int, as _: Member.Type) -> Member {
        assert(_fits(offset, Member.self, in: Root.self), "a stored member lies inside its root")
        // brigade:allow-unsafe a stored property read at its documented offset, while `root` is borrowed
        return withUnsafePointer(to: root) { root in
            // brigade:allow-unsafe as above
            UnsafeRawPointer(root).advanced(by: offset).assumingMemoryBound(to: Member.self).pointee
        }
    }

    /// Whether the members stored at `offset` in the values at `old` and `new` differ.
    // brigade:allow-unsafe key path projections: bridge dispatch, views reading 5 members, 2.74x (1,075 vs 393 ns)
    @inlinable
    package static func _differ<Root, Member: Equatable>(
        _ old: _Place<Root>, _ new: _Place<Root>, at offset: Int, as _: Member.Type
    ) -> Bool {
        assert(_fits(offset, Member.self, in: Root.self), "a stored member lies inside its root")
        // brigade:allow-unsafe a stored property read at its documented offset
        return UnsafeRawPointer(old).advanced(by: offset).assumingMemoryBound(to: Member.self).pointee
            // brigade:allow-unsafe as above
            != UnsafeRawPointer(new).advanced(by: offset).assumingMemoryBound(to: Member.self).pointee
    }

    /// Whether a `Member` at `offset` lies inside a `Root`, aligned: what an offset from `MemoryLayout.offset(of:)`
    /// promises (checked in debug builds).
    @inlinable
    package static func _fits<Root, Member>(_ offset: Int, _: Member.Type, in _: Root.Type) -> Bool {
        offset >= 0 && offset + MemoryLayout<Member>.size <= MemoryLayout<Root>.size
            && offset % MemoryLayout<Member>.alignment == 0
    }
}
