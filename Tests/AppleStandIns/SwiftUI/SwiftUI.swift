// A signature stand-in for SwiftUI: the declarations Brigade's Apple-only code and guides use, with their Swift shape
// in the Xcode 26 SDK, so `scripts/check-apple-stand-ins` can type-check that code on Linux. Never linked or run:
// bodies only satisfy the compiler (a primitive view's `body` traps, as SwiftUI's does). Each declaration names the
// Apple documentation page it follows.
// Private stored properties and helpers without a page are the stand-in's own plumbing, not Apple API.
//
// What is mirrored: `View`, `Scene` and `App` are `@MainActor @preconcurrency` protocols; view modifiers and the
// initializers of SwiftUI's own views are `nonisolated`; `Button`'s action is `@MainActor`; `task`'s action is
// `sending @isolated(any)`; `Bindable` needs an `Observable` class; `Settings` is macOS-only. `@available` is written
// where Apple's is above Brigade's floor (iOS 16 / macOS 13 / tvOS 16 / watchOS 9); Linux does not check it, so
// scripts/check-apple-availability and the guides' stated app target cover availability, not this check.
@_exported import Foundation
@_exported import Observation

// MARK: - View and its builder

/// https://developer.apple.com/documentation/swiftui/view
@MainActor @preconcurrency
public protocol View {
    /// https://developer.apple.com/documentation/swiftui/view/body-swift.associatedtype
    associatedtype Body: View

    /// https://developer.apple.com/documentation/swiftui/view/body-swift.property
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension View where Body == Never {
    /// A primitive view has no body: SwiftUI draws it itself, and calling `body` traps.
    /// https://developer.apple.com/documentation/swiftui/view/body-swift.property
    public var body: Never { fatalError("a signature stand-in is never run") }
}

/// SwiftUI's conformances of `Never`, the `Body` of primitive views and scenes.
/// https://developer.apple.com/documentation/swift/never
extension Never: View, Scene {
    /// https://developer.apple.com/documentation/swift/never
    public typealias Body = Never

    /// https://developer.apple.com/documentation/swift/never
    public var body: Never {
        // An explicit `return`: no result builder is inferred (`View`'s and `Scene`'s differ).
        return fatalError("a signature stand-in is never run")
    }
}

/// SwiftUI's conformance of `Optional`: what an `if` without `else` builds.
/// https://developer.apple.com/documentation/swift/optional
extension Optional: View where Wrapped: View {
    /// https://developer.apple.com/documentation/swift/optional
    public typealias Body = Never
}

/// https://developer.apple.com/documentation/swiftui/viewbuilder
@resultBuilder
public struct ViewBuilder {
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildexpression(_:)
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }

    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock()
    public static func buildBlock() -> EmptyView { EmptyView() }

    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:) (the parameter-pack overload)
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    public static func buildBlock<each Content: View>(
        _ content: repeat each Content
    ) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }

    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildif(_:)
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }

    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(first:)
    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }

    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(second:)
    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }

    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildlimitedavailability(_:)
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// https://developer.apple.com/documentation/swiftui/emptyview
nonisolated public struct EmptyView: View {
    /// https://developer.apple.com/documentation/swiftui/emptyview/init()
    public init() {}
}

/// https://developer.apple.com/documentation/swiftui/tupleview
nonisolated public struct TupleView<T>: View {
    /// https://developer.apple.com/documentation/swiftui/tupleview/value
    public var value: T

    /// https://developer.apple.com/documentation/swiftui/tupleview/init(_:)
    public init(_ value: T) { self.value = value }
}

/// https://developer.apple.com/documentation/swiftui/_conditionalcontent
nonisolated public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }

    let storage: Storage
}

/// https://developer.apple.com/documentation/swiftui/anyview
nonisolated public struct AnyView: View {
    /// https://developer.apple.com/documentation/swiftui/anyview/init(_:)
    public init<V: View>(_ view: V) {}
}

// MARK: - Views

/// https://developer.apple.com/documentation/swiftui/localizedstringkey
public struct LocalizedStringKey: Equatable, Sendable, ExpressibleByStringInterpolation {
    private let key: String

    /// https://developer.apple.com/documentation/swiftui/localizedstringkey/init(_:)
    public init(_ value: String) { key = value }

    /// https://developer.apple.com/documentation/swiftui/localizedstringkey/init(stringliteral:)
    public init(stringLiteral value: String) { key = value }

    /// https://developer.apple.com/documentation/swiftui/localizedstringkey/init(stringinterpolation:)
    public init(stringInterpolation: DefaultStringInterpolation) {
        key = String(stringInterpolation: stringInterpolation)
    }
}

/// https://developer.apple.com/documentation/swiftui/text
nonisolated public struct Text: View, Equatable, Sendable {
    private let content: String

    /// https://developer.apple.com/documentation/swiftui/text/init(_:tablename:bundle:comment:)
    public init(
        _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil
    ) {
        content = ""
    }

    /// https://developer.apple.com/documentation/swiftui/text/init(_:) (the StringProtocol overload)
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) { self.content = String(content) }

    /// https://developer.apple.com/documentation/swiftui/text/init(verbatim:)
    public init(verbatim content: String) { self.content = content }
}

/// https://developer.apple.com/documentation/swiftui/button
nonisolated public struct Button<Label: View>: View {
    /// https://developer.apple.com/documentation/swiftui/button/init(action:label:)
    @preconcurrency
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
}

extension Button where Label == Text {
    /// https://developer.apple.com/documentation/swiftui/button/init(_:action:)-1asy
    @preconcurrency
    public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {}

    /// https://developer.apple.com/documentation/swiftui/button/init(_:action:)-lpm7
    @_disfavoredOverload @preconcurrency
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {}
}

/// https://developer.apple.com/documentation/swiftui/textfield
nonisolated public struct TextField<Label: View>: View {}

extension TextField where Label == Text {
    /// https://developer.apple.com/documentation/swiftui/textfield/init(_:text:) (the LocalizedStringKey overload)
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}

    /// https://developer.apple.com/documentation/swiftui/textfield/init(_:text:) (the StringProtocol overload)
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
}

/// https://developer.apple.com/documentation/swiftui/foreach
nonisolated public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    /// https://developer.apple.com/documentation/swiftui/foreach/data
    public var data: Data

    /// https://developer.apple.com/documentation/swiftui/foreach/content
    public var content: (Data.Element) -> Content
}

extension ForEach: View where Content: View {}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    /// https://developer.apple.com/documentation/swiftui/foreach/init(_:content:)
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

/// https://developer.apple.com/documentation/swiftui/list
nonisolated public struct List<SelectionValue: Hashable, Content: View>: View {
    /// https://developer.apple.com/documentation/swiftui/list/init(content:)
    public init(@ViewBuilder content: () -> Content) where SelectionValue == Never {}

    /// https://developer.apple.com/documentation/swiftui/list/init(_:rowcontent:)
    public init<Data, RowContent>(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where
        Content == ForEach<Data, Data.Element.ID, RowContent>, Data: RandomAccessCollection, RowContent: View,
        Data.Element: Identifiable, SelectionValue == Never
    {}
}

// MARK: - Navigation

/// https://developer.apple.com/documentation/swiftui/navigationpath
public struct NavigationPath: Equatable {
    private var count_ = 0

    /// https://developer.apple.com/documentation/swiftui/navigationpath/init()
    public init() {}

    /// https://developer.apple.com/documentation/swiftui/navigationpath/count
    public var count: Int { count_ }

    /// https://developer.apple.com/documentation/swiftui/navigationpath/append(_:)
    public mutating func append<V: Hashable>(_ value: V) { count_ += 1 }

    /// https://developer.apple.com/documentation/swiftui/navigationpath/removelast(_:)
    public mutating func removeLast(_ k: Int = 1) { count_ -= k }
}

/// https://developer.apple.com/documentation/swiftui/navigationstack
nonisolated public struct NavigationStack<Data, Root: View>: View {
    /// https://developer.apple.com/documentation/swiftui/navigationstack/init(path:root:)-3bt4q
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where
        Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
        Data.Element: Hashable
    {}

    /// https://developer.apple.com/documentation/swiftui/navigationstack/init(root:)
    public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {}
}

/// https://developer.apple.com/documentation/swiftui/navigationlink
nonisolated public struct NavigationLink<Label: View, Destination: View>: View {}

extension NavigationLink where Destination == Never {
    /// https://developer.apple.com/documentation/swiftui/navigationlink/init(value:label:)
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {}
}

extension NavigationLink where Label == Text, Destination == Never {
    /// https://developer.apple.com/documentation/swiftui/navigationlink/init(_:value:) (the LocalizedStringKey overload)
    public init<P: Hashable>(_ titleKey: LocalizedStringKey, value: P?) {}

    /// https://developer.apple.com/documentation/swiftui/navigationlink/init(_:value:) (the StringProtocol overload)
    @_disfavoredOverload
    public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) {}
}

// MARK: - State and bindings

/// https://developer.apple.com/documentation/swiftui/binding
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    private let read: () -> Value
    private let write: (Value) -> Void

    init(read: @escaping () -> Value, write: @escaping (Value) -> Void) {
        self.read = read
        self.write = write
    }

    /// https://developer.apple.com/documentation/swiftui/binding/wrappedvalue
    public var wrappedValue: Value {
        get { read() }
        nonmutating set { write(newValue) }
    }

    /// https://developer.apple.com/documentation/swiftui/binding/projectedvalue
    public var projectedValue: Binding<Value> { self }

    /// https://developer.apple.com/documentation/swiftui/binding/init(projectedvalue:)
    public init(projectedValue: Binding<Value>) { self = projectedValue }

    /// https://developer.apple.com/documentation/swiftui/binding/subscript(dynamicmember:)
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let (read, write) = (read, write)
        return Binding<Subject>(
            read: { read()[keyPath: keyPath] },
            write: { newValue in
                var value = read()
                value[keyPath: keyPath] = newValue
                write(value)
            })
    }

    /// https://developer.apple.com/documentation/swiftui/binding/constant(_:)
    public static func constant(_ value: Value) -> Binding<Value> { Binding(read: { value }, write: { _ in }) }
}

/// https://developer.apple.com/documentation/swiftui/state
@propertyWrapper
public struct State<Value> {
    private final class Box {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private let box: Box

    /// https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)
    public init(wrappedValue value: Value) { box = Box(value) }

    /// https://developer.apple.com/documentation/swiftui/state/init(initialvalue:)
    public init(initialValue value: Value) { box = Box(value) }

    /// https://developer.apple.com/documentation/swiftui/state/wrappedvalue
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    /// https://developer.apple.com/documentation/swiftui/state/projectedvalue
    public var projectedValue: Binding<Value> {
        let box = box
        return Binding(read: { box.value }, write: { box.value = $0 })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// https://developer.apple.com/documentation/swiftui/state/init()
    public init() { box = Box(nil) }
}

/// https://developer.apple.com/documentation/swiftui/bindable
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@dynamicMemberLookup @propertyWrapper
public struct Bindable<Value> {
    /// https://developer.apple.com/documentation/swiftui/bindable/wrappedvalue
    public var wrappedValue: Value

    /// Declared so that the compiler makes no memberwise `init(wrappedValue:)`: only an `Observable` class is
    /// `@Bindable`, by the initializers below.
    fileprivate init(object: Value) { wrappedValue = object }

    /// https://developer.apple.com/documentation/swiftui/bindable/projectedvalue
    public var projectedValue: Bindable<Value> { self }

    /// https://developer.apple.com/documentation/swiftui/bindable/subscript(dynamicmember:)
    public subscript<Subject>(
        dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>
    ) -> Binding<Subject> {
        let object = wrappedValue
        return Binding(read: { object[keyPath: keyPath] }, write: { object[keyPath: keyPath] = $0 })
    }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension Bindable where Value: AnyObject, Value: Observable {
    /// https://developer.apple.com/documentation/swiftui/bindable/init(wrappedvalue:)
    public init(wrappedValue: Value) { self.init(object: wrappedValue) }

    /// https://developer.apple.com/documentation/swiftui/bindable/init(_:)
    public init(_ wrappedValue: Value) { self.init(object: wrappedValue) }

    /// https://developer.apple.com/documentation/swiftui/bindable/init(projectedvalue:)
    public init(projectedValue: Bindable<Value>) { self = projectedValue }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension Bindable: Sendable where Value: Sendable {}

// MARK: - View modifiers

/// https://developer.apple.com/documentation/swiftui/submittriggers
public struct SubmitTriggers: OptionSet, Sendable {
    /// https://developer.apple.com/documentation/swiftui/submittriggers/rawvalue
    public let rawValue: Int

    /// https://developer.apple.com/documentation/swiftui/submittriggers/init(rawvalue:)
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// https://developer.apple.com/documentation/swiftui/submittriggers/text
    public static let text = SubmitTriggers(rawValue: 1)

    /// https://developer.apple.com/documentation/swiftui/submittriggers/search
    public static let search = SubmitTriggers(rawValue: 2)
}

extension View {
    /// https://developer.apple.com/documentation/swiftui/view/navigationdestination(for:destination:)
    nonisolated public func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/sheet(item:ondismiss:content:)
    nonisolated public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/fullscreencover(item:ondismiss:content:) (iOS 14,
    /// tvOS 14, watchOS 7, visionOS; not macOS)
    @available(iOS 14.0, tvOS 14.0, watchOS 7.0, *)
    @available(macOS, unavailable)
    nonisolated public func fullScreenCover<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/sheet(ispresented:ondismiss:content:)
    nonisolated public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/toolbar(content:) (the View overload)
    nonisolated public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/onsubmit(of:_:)
    nonisolated public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View {
        self
    }

    /// https://developer.apple.com/documentation/swiftui/view/task(priority:_:)
    nonisolated public func task(
        priority: TaskPriority = .userInitiated, _ action: sending @escaping @isolated(any) () async -> Void
    ) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/onopenurl(perform:)
    nonisolated public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/onappear(perform:)
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/ondisappear(perform:)
    nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View { self }
}

// MARK: - Scenes and apps

/// https://developer.apple.com/documentation/swiftui/scene
@MainActor @preconcurrency
public protocol Scene {
    /// https://developer.apple.com/documentation/swiftui/scene/body-swift.associatedtype
    associatedtype Body: Scene

    /// https://developer.apple.com/documentation/swiftui/scene/body-swift.property
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Scene where Body == Never {
    /// A primitive scene has no body: SwiftUI makes it itself, and calling `body` traps.
    /// https://developer.apple.com/documentation/swiftui/scene/body-swift.property
    public var body: Never { fatalError("a signature stand-in is never run") }
}

/// https://developer.apple.com/documentation/swiftui/scenebuilder
@resultBuilder
public struct SceneBuilder {
    /// https://developer.apple.com/documentation/swiftui/scenebuilder/buildexpression(_:)
    public static func buildExpression<Content: Scene>(_ content: Content) -> Content { content }

    /// https://developer.apple.com/documentation/swiftui/scenebuilder/buildblock(_:)
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }

    /// https://developer.apple.com/documentation/swiftui/scenebuilder/buildblock(_:_:)
    public static func buildBlock<C0: Scene, C1: Scene>(_ c0: C0, _ c1: C1) -> some Scene { TupleScene((c0, c1)) }
}

/// The scene `SceneBuilder` makes of several scenes (SwiftUI's is internal: `buildBlock` returns `some Scene`).
nonisolated struct TupleScene<T>: Scene {
    let value: T

    init(_ value: T) { self.value = value }
}

/// https://developer.apple.com/documentation/swiftui/app
@MainActor @preconcurrency
public protocol App {
    /// https://developer.apple.com/documentation/swiftui/app/body-swift.associatedtype
    associatedtype Body: Scene

    /// https://developer.apple.com/documentation/swiftui/app/body-swift.property
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }

    /// https://developer.apple.com/documentation/swiftui/app/init()
    @MainActor @preconcurrency init()
}

extension App {
    /// https://developer.apple.com/documentation/swiftui/app/main()
    @MainActor @preconcurrency
    public static func main() {}
}

/// https://developer.apple.com/documentation/swiftui/windowgroup
nonisolated public struct WindowGroup<Content: View>: Scene {
    /// https://developer.apple.com/documentation/swiftui/windowgroup/init(content:)
    public init(@ViewBuilder content: () -> Content) {}
}

/// https://developer.apple.com/documentation/swiftui/settings
@available(macOS 11.0, *)
@available(iOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
nonisolated public struct Settings<Content: View>: Scene {
    /// https://developer.apple.com/documentation/swiftui/settings/init(content:)
    public init(@ViewBuilder content: () -> Content) {}
}
