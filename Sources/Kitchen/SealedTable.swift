import Synchronization

/// The shared registrations of a sealed kitchen, read without a lock: registrations cannot change after
/// ``Kitchen/seal()``, so the table is built once, published once, and never changes; each made instance is
/// published once into its ``PublishedSlot``.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class SealedTable: Sendable {
    private let snapshot = AtomicLazyReference<Snapshot>()

    /// Publishes the cells of the shared registrations; only the first call counts.
    func publish(_ cells: [ObjectIdentifier: OnceCell]) {
        _ = snapshot.storeIfNil(Snapshot(cells))
    }

    /// The instance made for `key`, if the kitchen is sealed and it is made.
    @inline(__always)
    func instance(for key: ObjectIdentifier) -> AnyInstance? {
        snapshot.load()?.instance(for: key)
    }

    /// An open-addressed table from type to slot, keyed by the type's metadata address (no hashing beyond a shift).
    private final class Snapshot: Sendable {
        private let keys: [UInt]
        private let slots: [PublishedSlot?]
        private let mask: Int

        init(_ cells: [ObjectIdentifier: OnceCell]) {
            var capacity = 8
            while capacity < cells.count * 2 {
                capacity *= 2
            }
            var keys = [UInt](repeating: 0, count: capacity)
            var slots = [PublishedSlot?](repeating: nil, count: capacity)
            for (key, cell) in cells {
                guard let slot = cell.published as? PublishedSlot else { continue }
                let bits = UInt(bitPattern: key)
                var index = Self.start(bits, capacity - 1)
                while keys[index] != 0 {
                    index = (index + 1) & (capacity - 1)
                }
                keys[index] = bits
                slots[index] = slot
            }
            self.keys = keys
            self.slots = slots
            mask = capacity - 1
        }

        @inline(__always)
        private static func start(_ bits: UInt, _ mask: Int) -> Int {
            Int(truncatingIfNeeded: bits >> 4) & mask
        }

        @inline(__always)
        func instance(for key: ObjectIdentifier) -> AnyInstance? {
            let bits = UInt(bitPattern: key)
            var index = Self.start(bits, mask)
            while true {
                let found = keys[index]
                if found == bits {
                    return slots[index]?.instance.load()
                }
                if found == 0 {
                    return nil
                }
                index = (index + 1) & mask
            }
        }
    }
}

/// One shared instance, published once it is made, for lock-free reads.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class PublishedSlot: Sendable {
    let instance = AtomicLazyReference<AnyInstance>()
}
