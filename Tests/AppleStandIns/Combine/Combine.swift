// A signature stand-in for Combine: the protocols whose names an app that imports Brigade, SwiftUI and Combine
// together uses unqualified (`Subscription` above all, which Brigade once exported too), with their Swift shape in the
// Xcode 26 SDK, so `scripts/check-apple-stand-ins` can check name lookup on Linux. Never linked or run. Each
// declaration names the Apple documentation page it follows. Nothing here is above Brigade's floor (Combine is iOS 13).
// Private stored properties and helpers without a page are the stand-in's own plumbing, not Apple API.

/// https://developer.apple.com/documentation/combine/cancellable
public protocol Cancellable {
    /// https://developer.apple.com/documentation/combine/cancellable/cancel()
    func cancel()
}

/// https://developer.apple.com/documentation/combine/combineidentifier
public struct CombineIdentifier: Hashable, Sendable, CustomStringConvertible {
    private let value: ObjectIdentifier?

    /// https://developer.apple.com/documentation/combine/combineidentifier/init()
    public init() { value = nil }

    /// https://developer.apple.com/documentation/combine/combineidentifier/init(_:)
    public init(_ obj: AnyObject) { value = ObjectIdentifier(obj) }

    /// https://developer.apple.com/documentation/combine/combineidentifier/description
    public var description: String { value.map { "\($0)" } ?? "0x0" }
}

/// https://developer.apple.com/documentation/combine/customcombineidentifierconvertible
public protocol CustomCombineIdentifierConvertible {
    /// https://developer.apple.com/documentation/combine/customcombineidentifierconvertible/combineidentifier (the requirement)
    var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    /// https://developer.apple.com/documentation/combine/customcombineidentifierconvertible/combineidentifier (the default for classes)
    public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}

/// https://developer.apple.com/documentation/combine/subscribers
public enum Subscribers {
    /// https://developer.apple.com/documentation/combine/subscribers/demand
    public struct Demand: Hashable, Sendable {
        private let limit: Int?

        /// https://developer.apple.com/documentation/combine/subscribers/demand/unlimited
        public static let unlimited = Demand(limit: nil)

        /// https://developer.apple.com/documentation/combine/subscribers/demand/none
        public static let none = Demand(limit: 0)

        /// https://developer.apple.com/documentation/combine/subscribers/demand/max(_:)
        public static func max(_ value: Int) -> Demand { Demand(limit: value) }

        /// https://developer.apple.com/documentation/combine/subscribers/demand/max
        public var max: Int? { limit }
    }

    /// https://developer.apple.com/documentation/combine/subscribers/completion
    public enum Completion<Failure: Error> {
        /// https://developer.apple.com/documentation/combine/subscribers/completion/finished
        case finished
        /// https://developer.apple.com/documentation/combine/subscribers/completion/failure(_:)
        case failure(Failure)
    }
}

/// https://developer.apple.com/documentation/combine/subscription
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    /// https://developer.apple.com/documentation/combine/subscription/request(_:)
    func request(_ demand: Subscribers.Demand)
}

/// https://developer.apple.com/documentation/combine/subscriber
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    /// https://developer.apple.com/documentation/combine/subscriber/input
    associatedtype Input

    /// https://developer.apple.com/documentation/combine/subscriber/failure
    associatedtype Failure: Error

    /// https://developer.apple.com/documentation/combine/subscriber/receive(subscription:)
    func receive(subscription: any Subscription)

    /// https://developer.apple.com/documentation/combine/subscriber/receive(_:)
    func receive(_ input: Input) -> Subscribers.Demand

    /// https://developer.apple.com/documentation/combine/subscriber/receive(completion:)
    func receive(completion: Subscribers.Completion<Failure>)
}

/// https://developer.apple.com/documentation/combine/publisher
public protocol Publisher<Output, Failure> {
    /// https://developer.apple.com/documentation/combine/publisher/output
    associatedtype Output

    /// https://developer.apple.com/documentation/combine/publisher/failure
    associatedtype Failure: Error

    /// https://developer.apple.com/documentation/combine/publisher/receive(subscriber:)
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

/// https://developer.apple.com/documentation/combine/anycancellable
public final class AnyCancellable: Cancellable, Hashable {
    private let onCancel: () -> Void

    /// https://developer.apple.com/documentation/combine/anycancellable/init(_:) (the closure overload)
    public init(_ cancel: @escaping () -> Void) { onCancel = cancel }

    /// https://developer.apple.com/documentation/combine/anycancellable/init(_:) (the Cancellable overload)
    public init<C: Cancellable>(_ canceller: C) { onCancel = canceller.cancel }

    /// https://developer.apple.com/documentation/combine/anycancellable/cancel()
    public func cancel() { onCancel() }

    /// https://developer.apple.com/documentation/combine/anycancellable/store(in:) (the Set overload)
    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }

    /// https://developer.apple.com/documentation/combine/anycancellable/==(_:_:)
    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }

    /// https://developer.apple.com/documentation/combine/anycancellable/hash(into:)
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
