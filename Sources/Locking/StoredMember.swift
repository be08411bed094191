/// A stored property of a value reached at its offset, as `MemoryLayout<Root>.offset(of:)` gives it for a key path of
/// stored properties only; that method's documentation shows this use of the offset.
///
/// For the paths run on every dispatch (a key-path reducer, a key-path subscription's selection, an observed member),
/// where a key path's projection, a generic walk through the key path's components in the runtime, took a large part
/// of the time (issue 32). A key path through a computed property, a subscript or a class has no offset: its users
/// fall back to the key path.
@usableFromInline
package enum _StoredMember {
    /// The member of `root` stored at `offset`.
    @inlinable
    package static func _read<Root, Member>(_ root: Root, at offset: Int, as _: Member.Type) -> Member {
        // brigade:allow-unsafe a stored property read at its documented offset, while `root` is borrowed
        withUnsafePointer(to: root) { root in
            // brigade:allow-unsafe as above
            UnsafeRawPointer(root).advanced(by: offset).assumingMemoryBound(to: Member.self).pointee
        }
    }

    /// Whether the members stored at `offset` in the values at `old` and `new` differ.
    @inlinable
    package static func _differ<Root, Member: Equatable>(
        // brigade:allow-unsafe values the caller borrows for the length of the call
        _ old: UnsafePointer<Root>, _ new: UnsafePointer<Root>, at offset: Int, as _: Member.Type
    ) -> Bool {
        // brigade:allow-unsafe a stored property read at its documented offset
        UnsafeRawPointer(old).advanced(by: offset).assumingMemoryBound(to: Member.self).pointee
            // brigade:allow-unsafe as above
            != UnsafeRawPointer(new).advanced(by: offset).assumingMemoryBound(to: Member.self).pointee
    }
}
