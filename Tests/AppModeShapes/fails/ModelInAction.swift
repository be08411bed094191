// expected: <unknown>:0: error: main actor-isolated conformance of 'TaskItem' to 'Equatable' cannot be used in nonisolated context
// The shape of compiles/ModelInAction.swift without `nonisolated`: Swift 6.3 reports it with no file and no line.
import Brigade

struct TaskItem: Equatable {
    var title: String
}

struct TasksLoaded: Action, Equatable {
    let tasks: [TaskItem]
}
