import Foundation

// BrigadeSoak WORKLOAD SECONDS [PORT]: runs one workload of the soak (scripts/soak.sh runs each in a process of its
// own) and exits 0 when every check passed, 1 when one failed, 2 on a usage error.
let arguments = CommandLine.arguments
let workloads = ["store", "reactive", "kitchen", "sqlite", "api", "urlsession", "decline"]
guard arguments.count >= 3, workloads.contains(arguments[1]), let seconds = Double(arguments[2]), seconds >= 5 else {
    print("usage: BrigadeSoak \(workloads.joined(separator: "|")) SECONDS(>=5) [PORT]")
    exit(2)
}
let name = arguments[1]
let port = arguments.count > 3 ? Int(arguments[3]) : nil
/// Makes one instance of the workload named on the command line; the runner may make a second, fresh one.
@MainActor
func makeWorkload() -> (any SoakWorkload)? {
    switch name {
    case "store": StoreSoak()
    case "reactive": ReactiveSoak()
    case "kitchen": KitchenSoak()
    case "sqlite": SQLiteSoak()
    case "decline": DeclineSoak()
    default: port.flatMap { APISoak(port: $0, plain: name == "urlsession") }
    }
}
guard let workload = makeWorkload() else {
    print("[\(name)] needs the port of the loopback server (scripts/soak.sh starts it)")
    exit(2)
}
let passed = await SoakRunner(name: name, seconds: seconds).run(workload, twin: makeWorkload)
exit(passed ? 0 : 1)
