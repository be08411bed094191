import BrigadeKitchen
import Testing

/// A service with a subclass, resolved through either metatype.
class MetatypeBase: @unchecked Sendable {
    // No stored state: nothing to guard.
    init() {}
}

final class MetatypeDerived: MetatypeBase, @unchecked Sendable {}

@Suite("Kitchen through a superclass metatype")
struct KitchenMetatypeTests {
    @Test("resolving through a superclass metatype, then the concrete type, gives the one shared instance")
    func superclassThenConcrete() throws {
        for sealed in [false, true] {
            let kitchen = Kitchen()
            try kitchen.registerNonisolated(MetatypeDerived.self) { _ in MetatypeDerived() }
            if sealed {
                kitchen.seal()
            }
            let base: MetatypeBase.Type = MetatypeDerived.self
            let first = try kitchen.resolve(base)
            #expect(first is MetatypeDerived, "sealed: \(sealed)")
            let concrete = try kitchen.resolve(MetatypeDerived.self)
            #expect(concrete === first, "sealed: \(sealed)")
            #expect(try kitchen.resolve(MetatypeDerived.self) === first, "sealed: \(sealed)")
            #expect(try kitchen.resolve(base) === first, "sealed: \(sealed)")
        }
    }

    @Test("resolving the concrete type, then through a superclass metatype, gives the one shared instance")
    func concreteThenSuperclass() throws {
        for sealed in [false, true] {
            let kitchen = Kitchen()
            try kitchen.registerNonisolated(MetatypeDerived.self) { _ in MetatypeDerived() }
            if sealed {
                kitchen.seal()
            }
            let concrete = try kitchen.resolve(MetatypeDerived.self)
            let base: MetatypeBase.Type = MetatypeDerived.self
            #expect(try kitchen.resolve(base) === concrete, "sealed: \(sealed)")
            #expect(try kitchen.resolve(MetatypeDerived.self) === concrete, "sealed: \(sealed)")
        }
    }

    @Test("a registration through a superclass metatype resolves by either metatype")
    func registeredThroughSuperclass() throws {
        for sealed in [false, true] {
            let kitchen = Kitchen()
            let base: MetatypeBase.Type = MetatypeDerived.self
            try kitchen.registerNonisolated(base) { _ in MetatypeDerived() }
            if sealed {
                kitchen.seal()
            }
            let concrete = try kitchen.resolve(MetatypeDerived.self)
            #expect(try kitchen.resolve(base) === concrete, "sealed: \(sealed)")
            #expect(try kitchen.resolve(MetatypeDerived.self) === concrete, "sealed: \(sealed)")
        }
    }

    @Test("a factory registered for a subclass that makes the superclass fails, naming what it made")
    func factoryMakesSuperclass() throws {
        for sealed in [false, true] {
            let kitchen = Kitchen()
            let base: MetatypeBase.Type = MetatypeDerived.self
            try kitchen.registerNonisolated(base) { _ in MetatypeBase() }
            if sealed {
                kitchen.seal()
            }
            #expect(try !(kitchen.resolve(base) is MetatypeDerived), "sealed: \(sealed)")
            let failure = KitchenError.factoryFailed(
                chain: ["MetatypeDerived"], underlying: "the factory made a MetatypeBase")
            #expect(throws: failure) { try kitchen.resolve(MetatypeDerived.self) }
            #expect(throws: failure) { try kitchen.resolve(MetatypeDerived.self) }
        }
    }
}
