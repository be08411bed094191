import BrigadeLocking

extension Kitchen {
    /// One registration: how to make its instances and, for a shared or session one, where its instance is kept.
    final class Registration: Sendable {
        /// The registered type; its name is made only for an error (a type name costs a conformance lookup per new
        /// type, tens of microseconds, which a launch with many services would pay for every registration).
        let type: Any.Type
        /// The name it is registered under (``ServiceName``), or `nil`.
        let serviceName: String?
        let scope: Scope
        /// Whether `factory` must run on the main actor (it is called only there).
        let runsOnMainActor: Bool
        let factory: @Sendable (Resolver) throws -> any Sendable
        /// Wraps what `factory` made in the ``SharedInstance`` that `cell` keeps; `nil` for a value that is not of the
        /// registered type.
        let share: @Sendable (any Sendable) -> SharedInstance?
        /// Where the shared instance of this registration is made and kept, and what names it in a chain: a
        /// replacement brings a new cell, so an instance the old factory finishes afterwards is never handed out
        /// again.
        let cell = OnceCell()
        /// The types the factory resolves, as the registration declares them (`autoregister`, `dependsOn:`, a facet);
        /// `nil` for a factory closure, which ``Kitchen/verify()`` cannot see into.
        let dependencies: [Any.Type]?
        /// A session or weak registration's cell of now: replaced by ``resetSession()``, or when a weak instance is
        /// gone.
        private let renewableCell: Locked<OnceCell>?

        /// The registered type's name, and its service name in brackets, for errors: `APIClient[authenticated]`.
        var name: String { Kitchen.label(of: type, named: serviceName) }

        /// The cell the instance is kept in now: ``cell``, or the current session's.
        var currentCell: OnceCell {
            guard let renewableCell else { return cell }
            return renewableCell.withLock { $0 }
        }

        /// The instance made and kept now as a `Service`, if any (for a weak registration, while someone holds it).
        func made<Service>(as _: Service.Type) -> Service? {
            let service = currentCell.instance?.service
            guard scope == .weak else { return service as? Service }
            return (service as? WeakInstance)?.object as? Service
        }

        init(
            type: Any.Type,
            serviceName: String? = nil,
            scope: Scope,
            runsOnMainActor: Bool,
            dependencies: [Any.Type]? = nil,
            factory: @escaping @Sendable (Resolver) throws -> any Sendable,
            share: @escaping @Sendable (any Sendable) -> SharedInstance?
        ) {
            self.type = type
            self.dependencies = dependencies
            self.serviceName = serviceName
            self.scope = scope
            self.runsOnMainActor = runsOnMainActor
            self.factory = factory
            self.share = share
            renewableCell = scope == .session || scope == .weak ? Locked(OnceCell()) : nil
        }

        /// Starts a new session: the next resolution makes a new instance.
        func resetSession() {
            renewableCell?.withLock { $0 = OnceCell() }
        }

        /// Replaces `old`, if it is still the current cell, with a new one: a weak instance that is gone.
        func renew(_ old: OnceCell) {
            renewableCell?.withLock { current in
                if current === old {
                    current = OnceCell()
                }
            }
        }
    }

    /// What a weak registration's cell keeps: the instance, weakly.
    final class WeakInstance: Sendable {
        // brigade:allow-unsafe the object is a service, of a Sendable class (the kitchen keeps Sendable services
        // only); a `weak let` is written once, at init, and then only zeroed by the runtime, atomically.
        nonisolated(unsafe) weak let object: AnyObject?

        init(_ object: AnyObject) {
            self.object = object
        }
    }

    /// A named registration's key: the type and the name.
    struct NamedKey: Hashable {
        let type: ObjectIdentifier
        let name: String
    }

    /// One registration in a chain of resolutions: two links are the same registration only when they are the
    /// same registration of the same kitchen, whatever their types.
    struct Link: Sendable {
        /// The registration's once-cell, which only it has; `nil` for a type that is not registered.
        let registration: ObjectIdentifier?
        /// The type resolved; its name is made only for an error.
        let type: Any.Type
        /// The service name resolved, or `nil`.
        var serviceName: String? = nil
        /// The registration's scope; `nil` for a type that is not registered.
        var scope: Scope? = nil
        /// The types the registration declares it resolves (``Registration/dependencies``), or `nil`.
        var declared: [ObjectIdentifier]? = nil
        /// The type's name, for errors.
        var name: String { Kitchen.label(of: type, named: serviceName) }
    }

    /// `type`'s name, with `name` in brackets when it has one.
    static func label(of type: Any.Type, named name: String?) -> String {
        String(describing: type) + (name.map { "[\($0)]" } ?? "")
    }
}
