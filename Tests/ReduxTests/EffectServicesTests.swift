import BrigadeCore
import BrigadeRedux
import Foundation
import Testing

private protocol Greeter: Sendable {
    func greet(_ name: String) -> String
}

private struct PoliteGreeter: Greeter {
    func greet(_ name: String) -> String { "good day, \(name)" }
}

private struct TestGreeter: Greeter {
    func greet(_ name: String) -> String { "hi \(name)" }
}

/// A provider that hands out one greeter, standing for an app's kitchen.
private struct OneServiceProvider: EffectServiceProvider {
    struct Missing: Error {}

    func effectService<Service>(_ type: Service.Type) async throws -> Service {
        guard let greeter = PoliteGreeter() as any Greeter as? Service else { throw Missing() }
        return greeter
    }
}

private struct Greet: Action { let name: String }
private struct Greeted: Action { let text: String }
private struct GreetFailed: Action { let message: String }

private struct Greeting: Sendable, Equatable {
    var text = ""
}

@MainActor
private func greetingStore(services: EffectServices) -> Store<Greeting> {
    let store = Store(initialState: Greeting())
    store.effectServices = services
    store.reducers.add(effectsOn: \Greeting.self) { (_: inout Greeting, action: Greet) -> Effect in
        .run { send in
            let greeter = try await send.services.resolve((any Greeter).self)
            await send(Greeted(text: greeter.greet(action.name)))
        } catch: { error, send in
            await send(GreetFailed(message: "\(error)"))
        }
    }
    store.reducers.add(on: \Greeting.text) { (text: inout String, action: Greeted) in text = action.text }
    store.reducers.add(on: \Greeting.text) { (text: inout String, action: GreetFailed) in text = action.message }
    return store
}

@Suite("Effects reach services")
@MainActor
struct EffectServicesTests {
    @Test("an effect resolves its service from the store's provider")
    func fromProvider() async {
        let store = greetingStore(services: EffectServices(OneServiceProvider()))
        store.dispatch(Greet(name: "ada"))
        await store.effectsFinished()
        #expect(store.currentState.text == "good day, ada")
    }

    @Test("a replacement wins over the provider, in its store only")
    func replaced() async {
        let provider = EffectServices(OneServiceProvider())
        let replaced = greetingStore(services: provider.replacing((any Greeter).self, with: TestGreeter()))
        let untouched = greetingStore(services: provider)
        replaced.dispatch(Greet(name: "ada"))
        untouched.dispatch(Greet(name: "ada"))
        await replaced.effectsFinished()
        await untouched.effectsFinished()
        #expect(replaced.currentState.text == "hi ada")
        #expect(untouched.currentState.text == "good day, ada")
        #expect(provider.isReplaced((any Greeter).self) == false)
    }

    @Test("a replacement made after an effect started does not reach it; the next effect gets it")
    func replacementReachesLaterEffects() async {
        let store = greetingStore(services: EffectServices(OneServiceProvider()))
        store.dispatch(Greet(name: "ada"))
        store.effectServices.replace((any Greeter).self, with: TestGreeter())
        await store.effectsFinished()
        #expect(store.currentState.text == "good day, ada")
        store.dispatch(Greet(name: "bob"))
        await store.effectsFinished()
        #expect(store.currentState.text == "hi bob")
    }

    @Test("a service neither replaced nor provided is a typed error naming it")
    func notProvided() async {
        let store = greetingStore(services: EffectServices())
        store.dispatch(Greet(name: "ada"))
        await store.effectsFinished()
        let expected = ReduxError.serviceNotProvided(String(reflecting: (any Greeter).self))
        #expect(store.currentState.text == expected.description)
        await #expect(throws: expected) { try await EffectServices().resolve((any Greeter).self) }
    }
}

/// Counts the instances alive: each effect of the leak test captures one.
private final class Token: Sendable {
    static let alive = Counter()

    final class Counter: @unchecked Sendable {
        // Guarded by `lock`: the number of tokens alive, changed from the effects' tasks.
        private let lock = NSLock()
        private var count = 0

        var value: Int { lock.withLock { count } }

        func add(_ delta: Int) { lock.withLock { count += delta } }
    }

    init() { Self.alive.add(1) }
    deinit { Self.alive.add(-1) }
}

@Suite("Effects started and cancelled by the ten thousand")
@MainActor
struct EffectChurnTests {
    @Test("10 rounds of 10,000 effects started and cancelled: every task ends and nothing an effect held is kept")
    func nothingLeaks() async {
        let store = Store(initialState: Greeting())
        for _ in 0..<10 {
            for _ in 0..<10_000 {
                let token = Token()
                store.run(
                    .run { _ in
                        try await Task.sleep(for: .seconds(3_600))
                        consume(token)
                    })
            }
            #expect(store.runningEffectCount == 10_000)
            store.cancelAllEffects()
            await store.effectsFinished()
            #expect(store.runningEffectCount == 0)
            #expect(store.runningEffects.isEmpty)
        }
        #expect(Token.alive.value == 0)
    }
}

private func consume(_ token: Token) {
    _ = ObjectIdentifier(token)
}
