import BrigadeComposition
import BrigadeCore
import BrigadeKitchen
import BrigadeReactive
import BrigadeRedux
import BrigadeWireframe
import Testing

private struct Tally: Sendable {
    var count = 0
}

private struct Bump: Action {}

private final class Note: Sendable {}

@MainActor
private final class TallyScreen: Controller {
    var attachments = ControllerAttachments()
}

@MainActor
private final class TallyFeature: ViewFeature, LogicFeature, KitchenFeature {
    let routePattern = "/tally"

    func makeController(routeResult: RouteResult) throws -> any Controller { TallyScreen() }

    func injectReducers(container: ReducerContainer) {
        container.add(on: \Tally.count) { (count: inout Int, _: Bump) in count += 1 }
    }

    func registerServices(in kitchen: Kitchen) throws {
        try kitchen.register(Note.self) { _ in Note() }
    }
}

/// A feature of every kind Brigade has: it compiles only because each kind claims a slot of its own.
@MainActor
private final class EveryKind: KitchenFeature, LogicFeature, StateObservingFeature, ViewFeature, PresenterFeature {
    let routePattern = "/every"
    func makeController(routeResult: RouteResult) throws -> any Controller { TallyScreen() }
    func injectReducers(container: ReducerContainer) {}
    func observe(state: ReadOnlyObservableProperty<Tally>) {}
    func isResponsible(routeResult: RouteResult, controller: any Controller) -> Bool { false }
    func makePresenters(routeResult: RouteResult, controller: any Controller) throws -> [any Presenter] { [] }
}

@Suite("BrigadeApp from its own modules")
@MainActor
struct BrigadeAppCompositionTests {
    @Test("one feature reaches the store, the wireframe and the kitchen, with the components' modules imported")
    func reachesAllThree() async throws {
        let navigator = HeadlessNavigator()
        let app = try BrigadeApp.make(initialState: Tally(), features: [TallyFeature()], navigator: navigator)
        app.store.dispatch(Bump())
        #expect(app.store.currentState.count == 1)
        try await app.wireframe.route(to: "/tally")
        #expect(navigator.stack.count == 1)
        #expect(throws: Never.self) { _ = try app.kitchen.resolve(Note.self) }
        #expect(throws: Never.self) { try app.verifyFeaturesInstalled() }
    }

    @Test("each kind fills the kind slot it claims, and each of the app's installers installs a feature of every kind")
    func kindSlots() throws {
        let feature = EveryKind()
        let slots = [
            feature._kindSlot0, feature._kindSlot1, feature._kindSlot2, feature._kindSlot3, feature._kindSlot4,
            feature._kindSlot5, feature._kindSlot6, feature._kindSlot7,
        ]
        #expect(slots.map { $0 != nil } == [true, true, true, true, true, false, false, false])
        #expect(slots[0]?.feature(as: (any KitchenFeature).self) != nil)
        #expect(slots[1]?.feature(as: (any LogicFeature).self) != nil)
        #expect(slots[2]?.feature(as: (any StateObservingFeature).self) != nil)
        #expect(slots[3]?.feature(as: (any ViewFeature).self) != nil)
        #expect(slots[4]?.feature(as: (any PresenterFeature).self) != nil)
        let app = BrigadeApp(redux: Redux(initialState: Tally()))
        #expect(app.composition.featureObservers.allSatisfy { $0.installs(feature) })
    }

    @Test("its observers keep the names errors have always given")
    func observerNames() {
        let app = BrigadeApp(redux: Redux(initialState: Tally()))
        #expect(
            app.composition.featureObservers.map(\.observerName) == [
                "KitchenFeatureObserver", "LogicFeatureObserver", "StateObservingFeatureObserver<Tally>",
                "ViewFeatureObserver", "PresenterFeatureObserver",
            ])
    }
}

private protocol Clerk: Sendable {
    func name() -> String
}

private struct AppClerk: Clerk {
    func name() -> String { "app" }
}

private struct TestClerk: Clerk {
    func name() -> String { "test" }
}

private struct AskClerk: Action {}
private struct ClerkAnswered: Action { let name: String }

private struct ClerkState: Sendable {
    var name = ""
}

@MainActor
private final class ClerkFeature: LogicFeature, KitchenFeature {
    func registerServices(in kitchen: Kitchen) throws {
        try kitchen.register((any Clerk).self) { _ in AppClerk() }
    }

    func injectReducers(container: ReducerContainer) {
        container.add(effectsOn: \ClerkState.self) { (_: inout ClerkState, _: AskClerk) -> Effect in
            .run { send in
                await send(ClerkAnswered(name: try send.services.resolve((any Clerk).self).name()))
            }
        }
        container.add(on: \ClerkState.name) { (name: inout String, action: ClerkAnswered) in name = action.name }
    }
}

@Suite("BrigadeApp hands its kitchen to effects")
@MainActor
struct BrigadeAppEffectServicesTests {
    @Test("an effect resolves a service the app's kitchen registered")
    func fromKitchen() async throws {
        let app = try BrigadeApp.make(initialState: ClerkState(), features: [ClerkFeature()])
        app.store.dispatch(AskClerk())
        await app.store.effectsFinished()
        #expect(app.store.currentState.name == "app")
    }

    @Test("a store's replacement wins, and the kitchen keeps its registration")
    func replacedPerStore() async throws {
        let app = try BrigadeApp.make(initialState: ClerkState(), features: [ClerkFeature()])
        app.kitchen.seal()
        app.store.effectServices.replace((any Clerk).self, with: TestClerk())
        app.store.dispatch(AskClerk())
        await app.store.effectsFinished()
        #expect(app.store.currentState.name == "test")
        #expect(try app.kitchen.resolve((any Clerk).self).name() == "app")
    }
}

/// A service whose initializer runs on the main actor only, as in an app target with default main-actor isolation.
@MainActor
private final class Greeter {
    let greeting = "hello"
    let madeOnMainActor: Bool
    init() { madeOnMainActor = true }
}

private struct Greet: Action {}
private struct Greeted: Action { let text: String }

@Suite("BrigadeApp: an effect reaches a main-actor service")
@MainActor
struct BrigadeAppMainActorServiceTests {
    @Test("an effect off the main actor gets a service of a main-actor factory, made on the main actor on first use")
    func effectResolvesMainActorService() async throws {
        let app = try BrigadeApp.make(initialState: Tally(), navigator: HeadlessNavigator()) { app in
            try app.kitchen.register(Greeter.self) { _ in Greeter() }
            return []
        }
        var texts: [String] = []
        app.store.reducers.add(effectsOn: \Tally.self) { (_: inout Tally, _: Greet) -> Effect in
            .run { send in
                let greeter = try await send.services.resolve(Greeter.self)
                await send(Greeted(text: greeter.greeting))
            }
        }
        app.store.reducers.add(on: \Tally.count) { (count: inout Int, _: Greeted) in count += 1 }
        let subscription = app.store.subscribe(\.count, initial: false) { _ in texts.append("greeted") }
        app.store.dispatch(Greet())
        await app.store.effectsFinished()
        #expect(texts == ["greeted"])
        #expect(try app.kitchen.resolve(Greeter.self).madeOnMainActor)
        subscription.dispose()
    }
}

/// What an effect's service says, kept in the state.
private struct Said: Sendable {
    var words: [String] = []
}

private final class Speaker: Sendable {
    let word: String
    init(_ word: String) { self.word = word }
}

private struct Speak: Action {}
private struct Spoken: Action { let word: String }

@Suite("BrigadeApp: a test's kitchen overrides reach its effects")
@MainActor
struct BrigadeAppOverrideTests {
    @Test("an effect started inside apply resolves the override through the store's services; one outside, the real")
    func effectsSeeOverrides() async throws {
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(Speaker.self) { _ in Speaker("real") }
        let app = BrigadeApp(redux: Redux(initialState: Said()), kitchen: kitchen)
        app.store.reducers.add(effectsOn: \Said.self) { (_: inout Said, _: Speak) -> Effect in
            .run { send in await send(Spoken(word: try await send.services.resolve(Speaker.self).word)) }
        }
        app.store.reducers.add(on: \Said.words) { (words: inout [String], action: Spoken) in words.append(action.word) }
        let stub = KitchenOverrides().replacing(Speaker.self) { _ in Speaker("stub") }
        await stub.apply {
            app.store.dispatch(Speak())
            await app.store.effectsFinished()
        }
        app.store.dispatch(Speak())
        await app.store.effectsFinished()
        #expect(app.store.currentState.words == ["stub", "real"])
    }
}
