// A tiny app that imports nothing: the baseline of scripts/measure-import-cost.sh.
final class Service: Sendable {}

var services: [ObjectIdentifier: any Sendable] = [:]
services[ObjectIdentifier(Service.self)] = Service()
print(services.count)
