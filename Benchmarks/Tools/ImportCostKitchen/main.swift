// A tiny app that imports only the service container: scripts/measure-import-cost.sh.
import BrigadeKitchen

final class Service: Sendable {}

let kitchen = Kitchen()
try kitchen.register(Service.self) { _ in Service() }
print(try kitchen.resolve(Service.self) === kitchen.resolve(Service.self))
