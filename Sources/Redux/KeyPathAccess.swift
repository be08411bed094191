/// Reads and writes through key paths of stored properties by their byte offset.
///
/// A key path applied at run time walks the key path's components through the runtime; for a stored property of a
/// struct, `MemoryLayout.offset(of:)` gives its place in the value once, and the dispatch path reads and writes it
/// there, as the documentation of `offset(of:)` describes. Key paths without an offset (computed properties,
/// references) go through the runtime as usual.
@usableFromInline
struct KeyPathAccess<Root, Value> {
    @usableFromInline let keyPath: KeyPath<Root, Value>
    @usableFromInline let offset: Int?

    @inlinable
    init(_ keyPath: KeyPath<Root, Value>) {
        self.keyPath = keyPath
        offset = MemoryLayout<Root>.offset(of: keyPath)
    }

    /// The value at the key path in `root`.
    @inlinable
    func read(_ root: Root) -> Value {
        guard let offset else { return root[keyPath: keyPath] }
        return withUnsafePointer(to: root) { UnsafeRawPointer($0).load(fromByteOffset: offset, as: Value.self) }
    }
}

/// Changes the value at a writable key path in place, by its offset when it has one. See ``KeyPathAccess``.
@usableFromInline
struct WritableKeyPathAccess<Root, Value> {
    @usableFromInline let keyPath: WritableKeyPath<Root, Value>
    @usableFromInline let offset: Int?

    @inlinable
    init(_ keyPath: WritableKeyPath<Root, Value>) {
        self.keyPath = keyPath
        offset = MemoryLayout<Root>.offset(of: keyPath)
    }

    /// Runs `body` on the value at the key path in `root`, in place.
    @inlinable
    func modify(_ root: inout Root, _ body: (inout Value) -> Void) {
        guard let offset else {
            body(&root[keyPath: keyPath])
            return
        }
        withUnsafeMutablePointer(to: &root) { pointer in
            body(&UnsafeMutableRawPointer(pointer).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee)
        }
    }
}
