// What docs/Upgrading.md says to write around a call that throws only one error type: a plain `catch`, where `error`
// already has that type. (fails/TypedCatchCrash.swift is the form that crashes Swift 6.3.1.)
enum AppError: Error {
    case bad(String)
}

func add() throws(AppError) {}

func log(_ body: () throws -> String) rethrows {
    print(try body())
}

func addLogging() {
    do {
        try add()
    } catch {
        log { "failed: \(String(describing: error))" }
    }
}
