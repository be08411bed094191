import BrigadeReactive
import Synchronization

/// A reference published once and then read from any thread: what a sealed kitchen's registrations and a made shared
/// instance are kept in, so that resolving an instance already made takes no lock where the system allows it.
protocol PublishedReference<Value>: Sendable {
    /// The type of the object published.
    associatedtype Value: AnyObject & Sendable

    /// The object published, or `nil` before ``publish(_:)``.
    func load() -> Value?

    /// Publishes `value` unless an object was published before; returns the object published, which every later
    /// ``load()`` returns.
    func publish(_ value: Value) -> Value
}

/// An empty reference: read without a lock where the Synchronization module's `AtomicLazyReference` is available
/// (iOS 18, macOS 15, Linux), under a lock before.
func makePublishedReference<Value: AnyObject & Sendable>(
    of type: Value.Type = Value.self
)
    -> any PublishedReference<Value>
{
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        return AtomicPublishedReference<Value>()
    }
    return LockedPublishedReference<Value>()
}

/// A ``PublishedReference`` in an `AtomicLazyReference`: publishing releases the object, loading acquires it.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class AtomicPublishedReference<Value: AnyObject & Sendable>: PublishedReference {
    private let reference = AtomicLazyReference<Value>()

    func load() -> Value? {
        reference.load()
    }

    func publish(_ value: Value) -> Value {
        reference.storeIfNil(value)
    }
}

/// A ``PublishedReference`` behind a lock, for systems without `AtomicLazyReference`.
final class LockedPublishedReference<Value: AnyObject & Sendable>: PublishedReference {
    private let reference = Locked<Value?>(nil)

    func load() -> Value? {
        reference.withLock { $0 }
    }

    func publish(_ value: Value) -> Value {
        reference.withLock { published in
            if let published {
                return published
            }
            published = value
            return value
        }
    }
}
