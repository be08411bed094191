/// The floors Brigade's budgets are measured against: what the operation cannot be cheaper than.
func floorWorkloads() -> [Workload] {
    var workloads = [
        Workload("Floor/lookup+closure") {
            var table: [ObjectIdentifier: (Int) -> Int] = [:]
            for index in 0..<16 {
                table[ObjectIdentifier(FloorKeys.types[index])] = { $0 &+ index }
            }
            let key = ObjectIdentifier(FloorTarget.self)
            table[key] = { $0 &+ 1 }
            let lookup = table
            return Runner { count in
                var accumulator = 0
                for _ in 0..<count {
                    if let closure = lookup[opaque(key)] {
                        accumulator = closure(accumulator)
                    }
                }
                consume(accumulator)
            }
        },
        Workload("Floor/read stored let") {
            // The holder is found anew each time (the optimizer cannot hoist the read) and the service is read
            // without taking a reference, as code reading its own `let` does.
            let holders = [StoredLet()]
            return Runner { count in
                for _ in 0..<count {
                    consume(ObjectIdentifier(holders[opaque(0)].service))
                }
            }
        },
    ]
    for count in [1, 10, 100, 10_000] {
        workloads.append(
            Workload("Floor/notify \(count) closures") {
                let sink = Total()
                let closures: [(Int) -> Void] = (0..<count).map { _ in { sink.value &+= $0 } }
                return Runner { operations in
                    for iteration in 0..<operations {
                        for closure in closures {
                            closure(iteration)
                        }
                    }
                    consume(sink.value)
                }
            })
    }
    return workloads
}

final class FloorTarget {}

/// A stored `let` holding a service: the floor of resolving a made shared instance.
final class StoredLet {
    let service = BenchService()
}

enum FloorKeys {
    final class K0 {}
    final class K1 {}
    final class K2 {}
    final class K3 {}
    final class K4 {}
    final class K5 {}
    final class K6 {}
    final class K7 {}
    final class K8 {}
    final class K9 {}
    final class K10 {}
    final class K11 {}
    final class K12 {}
    final class K13 {}
    final class K14 {}
    final class K15 {}
    static let types: [AnyObject.Type] = [
        K0.self, K1.self, K2.self, K3.self, K4.self, K5.self, K6.self, K7.self, K8.self, K9.self, K10.self,
        K11.self, K12.self, K13.self, K14.self, K15.self,
    ]
}
