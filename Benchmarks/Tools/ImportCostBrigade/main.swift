// A tiny app that imports the umbrella, Brigade: scripts/measure-import-cost.sh.
import Brigade

final class Service: Sendable {}

let kitchen = Kitchen()
try kitchen.register(Service.self) { _ in Service() }
print(try kitchen.resolve(Service.self) === kitchen.resolve(Service.self))
