import BrigadeLocking
import Foundation

/// How a state is `Codable`, found at run time by encoding it: the inspector encodes off the main actor, where a
/// conformance isolated to the main actor (what an app target's default isolation infers) cannot be used.
enum CodableConformance {
    /// Not `Encodable`.
    case none
    /// `Encodable` everywhere.
    case nonisolated
    /// `Encodable` on the main actor only.
    case isolatedToMainActor

    /// How `state` encodes: on the main actor, then on a thread of its own. Blocks the main actor for the second
    /// encoding, once per attach.
    @MainActor
    static func of<State: Sendable>(_ state: State) -> CodableConformance {
        guard let encodable = state as? any Encodable, (try? InspectorValue(encoding: encodable)) != nil else {
            return .none
        }
        let offMain = Locked(false)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let encoded = (state as? any Encodable).flatMap { try? InspectorValue(encoding: $0) }
            offMain.withLock { $0 = encoded != nil }
            done.signal()
        }
        thread.start()
        done.wait()
        return offMain.withLock { $0 } ? .nonisolated : .isolatedToMainActor
    }

    /// Decodes a `State` from JSON on the main actor (where an isolated conformance is found too), when it is
    /// `Decodable`.
    @MainActor
    static func decoder<State>(of type: State.Type) -> ((InspectorValue) throws -> State)? {
        guard let decodable = type as? any Decodable.Type else { return nil }
        return { value in
            func decode<Value: Decodable>(_ type: Value.Type) throws -> Any { try value.decode(as: type) }
            guard let state = try decode(decodable) as? State else {
                throw InspectorError.commandFailed(reason: "the JSON did not decode as \(State.self)")
            }
            return state
        }
    }
}
