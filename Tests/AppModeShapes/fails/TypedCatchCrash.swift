// expected: Found ownership error?!
// `catch let error as E` around a call that throws only E, whose body hands a string made from `error` to a
// `rethrows` function taking a closure: Swift 6.3.1 crashes (signal 6). docs/Upgrading.md says to write a plain
// `catch` instead (compiles/TypedCatch.swift).
enum AppError: Error {
    case bad(String)
}

func add() throws(AppError) {}

func log(_ body: () throws -> String) rethrows {
    print(try body())
}

func addLogging() throws {
    do {
        try add()
    } catch let error as AppError {
        try log { "failed: \(String(describing: error))" }
    }
}
