import Foundation

// BrigadeSoak WORKLOAD SECONDS [PORT]: runs one workload of the soak (scripts/soak.sh runs each in a process of its
// own) and exits 0 when every check passed, 1 when one failed, 2 on a usage error.
let arguments = CommandLine.arguments
let workloads = ["store", "reactive", "kitchen", "sqlite", "api", "urlsession"]
guard arguments.count >= 3, workloads.contains(arguments[1]), let seconds = Double(arguments[2]), seconds >= 5 else {
    print("usage: BrigadeSoak \(workloads.joined(separator: "|")) SECONDS(>=5) [PORT]")
    exit(2)
}
let name = arguments[1]
let port = arguments.count > 3 ? Int(arguments[3]) : nil
let workload: any SoakWorkload
switch name {
case "store": workload = StoreSoak()
case "reactive": workload = ReactiveSoak()
case "kitchen": workload = KitchenSoak()
case "sqlite": workload = SQLiteSoak()
default:
    guard let port, let api = APISoak(port: port, plain: name == "urlsession") else {
        print("[\(name)] needs the port of the loopback server (scripts/soak.sh starts it)")
        exit(2)
    }
    workload = api
}
let passed = await SoakRunner(name: name, seconds: seconds).run(workload)
exit(passed ? 0 : 1)
