import Synchronization

/// The shared registrations of a sealed kitchen, read without a lock: registrations cannot change after
/// ``Kitchen/seal()``, so the table is built once, published once, and never changes; each made instance is
/// published once into its ``PublishedSlot``.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class SealedTable: Sendable {
    /// The table, retained once when it is published and released with the kitchen.
    private let snapshot = Atomic<Unmanaged<Snapshot>?>(nil)

    deinit {
        snapshot.load(ordering: .acquiring)?.release()
    }

    /// Publishes the cells of the shared registrations; only the first call counts.
    func publish(_ cells: [ObjectIdentifier: OnceCell]) {
        let table = Unmanaged.passRetained(Snapshot(cells))
        if !snapshot.compareExchange(expected: nil, desired: table, ordering: .acquiringAndReleasing).exchanged {
            table.release()
        }
    }

    /// The instance made for `key`, if the kitchen is sealed, it is made, and its registration's type is
    /// `serviceType` (so the instance is an `Instance<serviceType>`); unretained: its slot keeps it for as long as
    /// the table lives, and the table lives as long as its kitchen.
    @inline(__always)
    func instance(for key: ObjectIdentifier, serviceType: ObjectIdentifier) -> Unmanaged<SendableObject>? {
        snapshot.load(ordering: .acquiring)?._withUnsafeGuaranteedRef { $0.instance(for: key, serviceType) }
    }

    /// An open-addressed table from type to slot, keyed by the type's metadata address (no hashing beyond a shift).
    private final class Snapshot: Sendable {
        private let keys: [UInt]
        /// The slots, unretained: `owners` keeps them, so a read retains nothing.
        private let slots: [Unmanaged<PublishedSlot>?]
        private let owners: [PublishedSlot]
        private let mask: Int

        init(_ cells: [ObjectIdentifier: OnceCell]) {
            var capacity = 8
            while capacity < cells.count * 2 {
                capacity *= 2
            }
            var keys = [UInt](repeating: 0, count: capacity)
            var slots = [Unmanaged<PublishedSlot>?](repeating: nil, count: capacity)
            var owners: [PublishedSlot] = []
            for (key, cell) in cells {
                guard let slot = cell.published as? PublishedSlot else { continue }
                let bits = UInt(bitPattern: key)
                var index = Self.start(bits, capacity - 1)
                while keys[index] != 0 {
                    index = (index + 1) & (capacity - 1)
                }
                keys[index] = bits
                slots[index] = Unmanaged.passUnretained(slot)
                owners.append(slot)
            }
            self.keys = keys
            self.slots = slots
            self.owners = owners
            mask = capacity - 1
        }

        private static func start(_ bits: UInt, _ mask: Int) -> Int {
            Int(truncatingIfNeeded: bits >> 4) & mask
        }

        @inline(__always)
        func instance(for key: ObjectIdentifier, _ serviceType: ObjectIdentifier) -> Unmanaged<SendableObject>? {
            let bits = UInt(bitPattern: key)
            var index = Self.start(bits, mask)
            while true {
                let found = keys[index]
                if found == bits {
                    return slots[index]?._withUnsafeGuaranteedRef {
                        $0.serviceType == serviceType ? $0.instance : nil
                    }
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
    /// The type the registration of this slot was made with: the instance is an `Instance<serviceType>`.
    let serviceType: ObjectIdentifier
    /// The instance, retained once when it is published and released with the slot.
    private let published = Atomic<Unmanaged<SendableObject>?>(nil)

    init(serviceType: ObjectIdentifier) {
        self.serviceType = serviceType
    }

    deinit {
        published.load(ordering: .acquiring)?.release()
    }

    /// The instance, once published; unretained: the slot keeps it.
    var instance: Unmanaged<SendableObject>? {
        @inline(__always) get {
            published.load(ordering: .acquiring)
        }
    }

    /// Publishes `instance`; only the first call counts.
    func publish(_ instance: SharedInstance) {
        let retained = Unmanaged<SendableObject>.passRetained(instance)
        if !published.compareExchange(expected: nil, desired: retained, ordering: .acquiringAndReleasing).exchanged {
            retained.release()
        }
    }
}
