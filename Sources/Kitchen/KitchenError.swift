/// Errors of the kitchen, naming the chain of types that led to them.
public enum KitchenError: Error, Equatable, CustomStringConvertible {
    /// A type in the chain is not registered.
    case notRegistered(chain: [String])
    /// Resolving the chain came back to a registration already being made: on this thread, or by a thread that waits,
    /// directly or through others, for this one. The chain runs from the first type asked for round the cycle.
    case cycle(chain: [String])
    /// A factory threw, or made a value of the wrong type.
    case factoryFailed(chain: [String], underlying: String)
    /// The type is already registered and the registration does not say it replaces it.
    case duplicateRegistration(String)
    /// The kitchen is sealed; nothing more can be registered.
    case sealed(String)
    /// A resolver kept past its factory was used after its kitchen was released; carries the type asked for.
    case kitchenReleased(String)
    /// The last type of the chain is made by a main-actor factory (``Kitchen/register(_:scope:replacing:factory:)``),
    /// its shared instance is not made yet, and it was asked for off the main actor. Resolve it on the main actor
    /// first (or with `await` through an effect's services, which hop there), or register it with
    /// ``Kitchen/registerNonisolated(_:scope:replacing:factory:)`` when its factory may run on any thread.
    case requiresMainActor(chain: [String])
    /// A shared service's factory resolved a ``Kitchen/Scope/session`` service (the last of the chain): the shared
    /// instance would keep the signed-out user's after ``Kitchen/resetSession()``. Make the first service
    /// session-scoped too, or have it resolve the session service when it needs it (a resolver kept past the factory).
    case captiveDependency(chain: [String])
    /// In a debug build, a factory that declares its dependencies (`dependsOn:`, `autoregister`) resolved a type it
    /// did not declare (the last of the chain): ``Kitchen/verify()`` would not have checked it. Add it to the
    /// declaration.
    case undeclaredDependency(chain: [String])
    /// ``Kitchen/verify()`` found these problems in the graph: every missing dependency, cycle and captive
    /// dependency, each with its chain.
    case invalidGraph(problems: [KitchenError])

    /// What went wrong: `ImageCache -> APIClient -> Configuration (not registered)`.
    public var description: String {
        switch self {
        case .notRegistered(let chain):
            return chain.joined(separator: " -> ") + " (not registered)"
        case .cycle(let chain):
            return chain.joined(separator: " -> ") + " (cycle)"
        case .factoryFailed(let chain, let underlying):
            return chain.joined(separator: " -> ") + " (factory failed: \(underlying))"
        case .duplicateRegistration(let name):
            return "\(name) is already registered; pass replacing: true to replace it"
        case .sealed(let name):
            return "the kitchen is sealed; \(name) cannot be registered"
        case .kitchenReleased(let name):
            return
                "cannot resolve \(name): the resolver's kitchen was released (keep the kitchen while its services run)"
        case .requiresMainActor(let chain):
            return chain.joined(separator: " -> ")
                + " (made by a main-actor factory, first asked for off the main actor: resolve it on the main actor"
                + " first, or register it with registerNonisolated)"
        case .captiveDependency(let chain):
            return chain.joined(separator: " -> ")
                + " (a session service made for a shared one: it would outlive the session; make the shared one"
                + " session-scoped, or resolve the session service when it is needed)"
        case .undeclaredDependency(let chain):
            return chain.joined(separator: " -> ")
                + " (resolved by a factory that does not declare it: add it to its dependsOn)"
        case .invalidGraph(let problems):
            return "the kitchen's graph has \(problems.count) problem(s): "
                + problems.map(\.description).joined(separator: "; ")
        }
    }
}
