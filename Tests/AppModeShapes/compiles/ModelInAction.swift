// An app model carried by an action (or stored in an entity) in an app target with default main-actor isolation:
// `nonisolated` on the model is the one-word fix docs/Platforms.md documents. The action itself needs nothing: a type
// conforming to `Action` is nonisolated already.
import Brigade

nonisolated struct TaskItem: Equatable, Codable {
    var title: String
}

struct TasksLoaded: Action, Equatable, Codable {
    let tasks: [TaskItem]
}

struct TaskRow: StorableEntity, Equatable {
    let id: Int
    let item: TaskItem
}

func isSame(_ first: TasksLoaded, _ second: TasksLoaded) -> Bool {
    first == second
}
