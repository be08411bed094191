import BrigadeKitchen
import Dispatch
import Foundation
import Testing

/// A service that says which kitchen's factory made it.
final class Greeter: Sendable {
    let word: String
    init(_ word: String) { self.word = word }
}

/// A service made from a `Greeter`.
final class Doorman: Sendable {
    let greeter: Greeter
    init(_ greeter: Greeter) { self.greeter = greeter }
}

/// A service of the signed-in user, numbered by the session that made it.
final class UserDatabase: Sendable {
    let session: Int
    init(_ session: Int) { self.session = session }
}

extension ServiceName<Greeter> {
    static var formal: Self { Self("formal") }
    static var missing: Self { Self("missing") }
}

@Suite("Kitchen: child kitchens")
struct ChildKitchenTests {
    @Test("a child resolves its parent's services, and shares the parent's shared instances")
    func inherits() throws {
        let parent = Kitchen()
        try parent.registerNonisolated(Greeter.self) { _ in Greeter("hello") }
        let child = parent.makeChild()
        #expect(try child.resolve(Greeter.self) === parent.resolve(Greeter.self))
        #expect(child.isRegistered(Greeter.self))
    }

    @Test("a child's override is seen through the child only: not by the parent, not by a sibling")
    func overrides() throws {
        let parent = Kitchen()
        try parent.registerNonisolated(Greeter.self) { _ in Greeter("hello") }
        let child = parent.makeChild()
        try child.registerNonisolated(Greeter.self) { _ in Greeter("hi") }
        try child.registerNonisolated(Doorman.self) { Doorman(try $0.resolve()) }
        let sibling = parent.makeChild()
        #expect(try child.resolve(Greeter.self).word == "hi")
        #expect(try child.resolve(Doorman.self).greeter.word == "hi")
        #expect(try parent.resolve(Greeter.self).word == "hello")
        #expect(try sibling.resolve(Greeter.self).word == "hello")
        #expect(!parent.isRegistered(Doorman.self))
        #expect(throws: KitchenError.notRegistered(chain: ["Doorman"])) { try parent.resolve(Doorman.self) }
    }

    @Test("a parent's shared service is made with the parent's registrations; a transient one with the child's")
    func whoseRegistrations() throws {
        let parent = Kitchen()
        try parent.registerNonisolated(Greeter.self) { _ in Greeter("hello") }
        try parent.registerNonisolated(Doorman.self) { Doorman(try $0.resolve()) }
        try parent.registerNonisolated(Doorman.self, named: .init("each time"), scope: .transient) {
            Doorman(try $0.resolve())
        }
        let child = parent.makeChild()
        try child.registerNonisolated(Greeter.self) { _ in Greeter("hi") }
        // The shared doorman is the parent's and its children's one instance: it cannot hold the child's greeter.
        #expect(try child.resolve(Doorman.self).greeter.word == "hello")
        #expect(try child.resolve(Doorman.self, named: .init("each time")).greeter.word == "hi")
    }

    @Test("the child's shared instances go with the child")
    func releasedWithChild() throws {
        let parent = Kitchen()
        weak var made: Greeter?
        do {
            let child = parent.makeChild()
            try child.registerNonisolated(Greeter.self) { _ in Greeter("hi") }
            made = try child.resolve(Greeter.self)
            #expect(made != nil)
        }
        #expect(made == nil)
    }

    @Test("a child registers after its parent is sealed, and its own seal leaves the parent open")
    func sealing() throws {
        let parent = Kitchen()
        let child = parent.makeChild()
        parent.seal()
        try child.registerNonisolated(Greeter.self) { _ in Greeter("hi") }
        child.seal()
        #expect(throws: KitchenError.sealed("Greeter")) {
            try child.registerNonisolated(Greeter.self, replacing: true) { _ in Greeter("hey") }
        }
        let open = Kitchen()
        open.makeChild().seal()
        #expect(!open.isSealed)
    }
}

@Suite("Kitchen: the session scope")
struct SessionScopeTests {
    /// A kitchen whose `UserDatabase` is session-scoped and numbered by a counter its factory bumps.
    func sessionKitchen() throws -> (Kitchen, Counter) {
        let kitchen = Kitchen()
        let made = Counter()
        try kitchen.registerNonisolated(UserDatabase.self, scope: .session) { _ in UserDatabase(made.increment()) }
        try kitchen.registerNonisolated(Greeter.self) { _ in Greeter("hello") }
        return (kitchen, made)
    }

    @Test("one instance per session; a reset makes the next resolution a new one; shared services stay")
    func reset() throws {
        let (kitchen, _) = try sessionKitchen()
        let first = try kitchen.resolve(UserDatabase.self)
        let greeter = try kitchen.resolve(Greeter.self)
        #expect(try kitchen.resolve(UserDatabase.self) === first)
        kitchen.resetSession()
        let second = try kitchen.resolve(UserDatabase.self)
        #expect(second !== first && second.session == 2)
        #expect(first.session == 1)  // a caller holding the old one keeps it
        #expect(try kitchen.resolve(Greeter.self) === greeter)
    }

    @Test("a resolution waiting for the old session's factory during a reset gets the new session's instance")
    func resetWhileMaking() throws {
        let kitchen = Kitchen()
        let started = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let made = Counter()
        try kitchen.registerNonisolated(UserDatabase.self, scope: .session) { _ in
            let session = made.increment()
            if session == 1 {
                started.signal()
                proceed.wait()
            }
            return UserDatabase(session)
        }
        let waiting = Worker { (try? kitchen.resolve(UserDatabase.self))?.session }
        started.wait()
        kitchen.resetSession()
        proceed.signal()
        #expect(waiting.wait(seconds: 10) == 2)
        #expect(try kitchen.resolve(UserDatabase.self).session == 2)
    }

    @Test("a shared service made with a session service is refused: it would keep the old session's")
    func captive() throws {
        let (kitchen, _) = try sessionKitchen()
        try kitchen.registerNonisolated(Doorman.self) { resolver in
            _ = try resolver.resolve(UserDatabase.self)
            return Doorman(Greeter("x"))
        }
        #expect(throws: KitchenError.captiveDependency(chain: ["Doorman", "UserDatabase"])) {
            try kitchen.resolve(Doorman.self)
        }
    }

    @Test("a failing factory of the new session leaves it to the next resolution")
    func failingAfterReset() throws {
        let kitchen = Kitchen()
        let made = Counter()
        try kitchen.registerNonisolated(UserDatabase.self, scope: .session) { _ in
            let session = made.increment()
            if session == 2 { throw Refused() }
            return UserDatabase(session)
        }
        _ = try kitchen.resolve(UserDatabase.self)
        kitchen.resetSession()
        #expect(throws: KitchenError.self) { try kitchen.resolve(UserDatabase.self) }
        #expect(try kitchen.resolve(UserDatabase.self).session == 3)
    }
}

@Suite("Kitchen: named registrations and optional resolution")
struct NamedRegistrationTests {
    @Test("a named registration is apart from the unnamed one, and typed by its service")
    func named() throws {
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(Greeter.self) { _ in Greeter("hi") }
        try kitchen.registerNonisolated(Greeter.self, named: .formal) { _ in Greeter("good evening") }
        try kitchen.registerNonisolated(Doorman.self) { Doorman(try $0.resolve(Greeter.self, named: .formal)) }
        #expect(try kitchen.resolve(Greeter.self).word == "hi")
        #expect(try kitchen.resolve(Greeter.self, named: .formal).word == "good evening")
        #expect(try kitchen.resolve(Doorman.self).greeter === kitchen.resolve(Greeter.self, named: .formal))
        #expect(kitchen.isRegistered(Greeter.self, named: .formal))
        #expect(!kitchen.isRegistered(Greeter.self, named: .missing))
        #expect(try kitchen.makeChild().resolve(Greeter.self, named: .formal).word == "good evening")
    }

    @Test("a missing or duplicate name is an error naming it")
    func namedErrors() throws {
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(Greeter.self, named: .formal) { _ in Greeter("good evening") }
        try kitchen.registerNonisolated(Doorman.self) { Doorman(try $0.resolve(Greeter.self, named: .missing)) }
        #expect(throws: KitchenError.notRegistered(chain: ["Doorman", "Greeter[missing]"])) {
            try kitchen.resolve(Doorman.self)
        }
        #expect(throws: KitchenError.notRegistered(chain: ["Greeter"])) { try kitchen.resolve(Greeter.self) }
        #expect(throws: KitchenError.duplicateRegistration("Greeter[formal]")) {
            try kitchen.registerNonisolated(Greeter.self, named: .formal) { _ in Greeter("hey") }
        }
    }

    @Test("resolveIfRegistered is nil only for a type that is not registered; a failing factory still throws")
    func optional() throws {
        let kitchen = Kitchen()
        #expect(try kitchen.resolveIfRegistered(Greeter.self) == nil)
        try kitchen.registerNonisolated(Greeter.self) { _ in throw Refused() }
        #expect(throws: KitchenError.self) { try kitchen.resolveIfRegistered(Greeter.self) }
        try kitchen.registerNonisolated(Doorman.self) { Doorman(try $0.resolve(Greeter.self, named: .formal)) }
        #expect(throws: KitchenError.notRegistered(chain: ["Doorman", "Greeter[formal]"])) {
            try kitchen.resolveIfRegistered(Doorman.self)
        }
        let child = kitchen.makeChild()
        try child.registerNonisolated(Greeter.self, replacing: false) { _ in Greeter("hi") }
        #expect(try child.resolveIfRegistered(Greeter.self)?.word == "hi")
    }
}

/// Two services that need each other: the coordinator takes the screen lazily.
final class Coordinator: Sendable {
    let screen: LazyService<Screen>
    init(screen: LazyService<Screen>) { self.screen = screen }
}

/// Holds its coordinator weakly: the coordinator keeps the screen (its lazy dependency keeps what it resolved).
final class Screen: Sendable {
    weak let coordinator: Coordinator?
    init(coordinator: Coordinator) { self.coordinator = coordinator }
}

/// Opens a new database at each call.
final class Opener: Sendable {
    let open: ServiceProvider<UserDatabase>
    init(open: ServiceProvider<UserDatabase>) { self.open = open }
}

@Suite("Kitchen: the weak scope, lazy and provider injection")
struct WeakLazyProviderTests {
    @Test("a weak service lives while someone holds it; once let go, the next resolution makes a new one")
    func weak() throws {
        let kitchen = Kitchen()
        let made = Counter()
        try kitchen.registerNonisolated(UserDatabase.self, scope: .weak) { _ in UserDatabase(made.increment()) }
        var held: UserDatabase? = try kitchen.resolve(UserDatabase.self)
        #expect(try kitchen.resolve(UserDatabase.self) === held)
        weak let released = held
        held = nil
        #expect(released == nil)
        #expect(try kitchen.resolve(UserDatabase.self).session == 2)
        #expect(made.value == 2)
    }

    @Test("a weak-scoped struct is a factory error that says why")
    func weakStruct() throws {
        struct Settings: Sendable {}
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(Settings.self, scope: .weak) { _ in Settings() }
        let error = #expect(throws: KitchenError.self) { try kitchen.resolve(Settings.self) }
        #expect(error?.description.contains("a weak-scoped service must be a class") == true)
    }

    @Test("a lazy dependency breaks a cycle by design and is resolved once, on first use")
    func lazy() throws {
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(Coordinator.self) { Coordinator(screen: $0.lazy()) }
        try kitchen.registerNonisolated(Screen.self) { Screen(coordinator: try $0.resolve()) }
        let coordinator = try kitchen.resolve(Coordinator.self)
        let screen = try coordinator.screen.value()
        #expect(screen.coordinator === coordinator)
        #expect(try coordinator.screen.value() === screen)
    }

    @Test("a lazy dependency that is missing throws on first use, with its chain; a provider resolves at each call")
    func lazyErrorsAndProviders() throws {
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(Coordinator.self) { Coordinator(screen: $0.lazy()) }
        let coordinator = try kitchen.resolve(Coordinator.self)
        #expect(throws: KitchenError.notRegistered(chain: ["Screen"])) { try coordinator.screen.value() }
        let made = Counter()
        try kitchen.registerNonisolated(UserDatabase.self, scope: .transient) { _ in UserDatabase(made.increment()) }
        try kitchen.registerNonisolated(Opener.self) { Opener(open: $0.provider()) }
        let opener = try kitchen.resolve(Opener.self)
        #expect(try opener.open().session == 1)
        #expect(try opener.open().session == 2)
    }
}
