import BrigadeCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Records every action a store processes, with its time and the effect that dispatched it, and exports the Codable
/// ones as JSON that ``replay(_:registry:into:)`` turns back into the same states: a bug report that reproduces itself.
///
/// The actions effects dispatched are recorded like the others, with their ``EffectOrigin``; a replay dispatches them
/// from the log and runs no effect, so the replayed states are the recorded session's, whatever the network or the
/// timing do now. (A VISPER-style ``AsyncActionReducer`` applies a change, not an action: a log cannot hold it,
/// so a replay runs it again, as before effects existed; write such work as an ``Effect`` to replay it faithfully.)
///
/// ```swift
/// let log = ActionLog()
/// let store = Store(initialState: AppState(), middleware: [log.middleware()])
/// // ... the user does things ...
/// let report = try log.exportJSON()
///
/// let registry = ActionRegistry()
/// registry.register(AddDish.self)
/// let replayed = Store(initialState: AppState(), reducers: store.reducers)
/// try ActionLog.replay(report, registry: registry, into: replayed)  // replayed.currentState == store.currentState
/// ```
@MainActor
public final class ActionLog {
    /// One recorded action.
    public struct Entry: Sendable {
        /// The action as dispatched.
        public let action: any Action
        /// When the middleware saw it.
        public let time: Date
        /// The effect that dispatched the action; `nil` for an action dispatched by the app.
        public let effect: EffectOrigin?
        /// What the store noticed while processing it (an action no reducer handled, an undo with nothing to
        /// undo), when the log is attached to the store with ``ActionLog/attach(to:)``.
        public internal(set) var diagnostics: [StoreDiagnostic] = []
    }

    /// The most entries kept; the oldest are dropped first.
    public let limit: Int
    /// The recorded actions, oldest first.
    ///
    /// Reading it copies the log in order (O(n)); recording an action is O(1), full or not.
    public var entries: [Entry] {
        if start == 0 {
            return storage
        }
        return Array(storage[start...] + storage[..<start])
    }
    /// The entries in a ring of at most `limit`: while filling, in order from index 0; once full, the oldest is at
    /// `start` and a new entry overwrites it.
    private var storage: [Entry] = []
    private var start = 0
    private let clock: @Sendable () -> Date

    /// Creates an empty log.
    /// - Parameters:
    ///   - limit: The most entries kept; 10,000 by default.
    ///   - clock: The time source; the system clock by default, a fixed one in tests.
    public init(limit: Int = 10_000, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.limit = max(1, limit)
        self.clock = clock
    }

    /// A middleware that records every action it sees, then passes it on unchanged. Put it first to record actions
    /// before other middleware changes them, last to record what reaches the reducers.
    public func middleware<State: Sendable>() -> Middleware<State> {
        Middleware { [weak self] context, action, next in
            self?.record(action, effect: context.effect)
            next(action)
        }
    }

    /// Records `action` now, dispatched by `effect` (`nil` for the app).
    ///
    /// O(1): once the log holds `limit` entries, the new one takes the place of the oldest.
    public func record(_ action: any Action, effect: EffectOrigin? = nil) {
        let entry = Entry(action: action, time: clock(), effect: effect)
        if storage.count < limit {
            storage.append(entry)
        } else {
            storage[start] = entry
            start = start + 1 == limit ? 0 : start + 1
        }
    }

    /// Empties the log.
    public func clear() {
        storage.removeAll()
        start = 0
    }

    /// Adds `diagnostic` to the newest entry; nothing when the log is empty.
    func noteOnNewest(_ diagnostic: StoreDiagnostic) {
        guard !storage.isEmpty else { return }
        let newest = start == 0 ? storage.count - 1 : start - 1
        storage[newest].diagnostics.append(diagnostic)
    }

    /// The Codable actions of the log as a JSON array of `{"type", "time", "action"}` objects, oldest first; an
    /// action an effect dispatched also has `"effect"`, its ``EffectOrigin``, and an action the store reported a
    /// diagnostic for has `"diagnostics"`, the messages (both ignored by replay).
    ///
    /// An action that is not Codable cannot be written and is left out; ``unexportableCount`` says how many.
    ///
    /// The export is redacted: a `Redacted` field is written as its marker (`"<redacted>"`), and so is the whole
    /// action of a `RedactedAction`; replaying such an export fails on them with
    /// ``ReduxError/actionDecodingFailed(type:reason:)``, which says so. Export with `redacting: false` only what
    /// never leaves the device.
    /// - Parameters:
    ///   - registry: Names the action types; unregistered types are named by their type name.
    ///   - redacting: Whether redacted values are left out; `true` by default.
    /// - Throws: ``ReduxError/actionEncodingFailed(type:reason:)`` when a Codable action fails to encode.
    public func exportJSON(registry: ActionRegistry? = nil, redacting: Bool = true) throws(ReduxError) -> Data {
        var records: [Record] = []
        for entry in entries {
            guard let encodable = entry.action as? any Encodable else { continue }
            let type = registry?.name(of: entry.action) ?? ActionRegistry.defaultName(of: type(of: entry.action))
            records.append(
                Record(
                    type: type, time: entry.time.timeIntervalSince1970,
                    action: redacting && entry.action is any RedactedAction ? Redacted<Void>.marker : encodable,
                    effect: entry.effect,
                    diagnostics: entry.diagnostics.map(\.description)))
        }
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            encoder.userInfo.redactsMarkedValues = redacting
            return try encoder.encode(records)
        } catch let error as ReduxError {
            throw error
        } catch {
            throw .actionEncodingFailed(type: "log", reason: "\(error)")
        }
    }

    /// How many recorded actions ``exportJSON(registry:redacting:)`` leaves out because they are not Codable.
    public var unexportableCount: Int {
        storage.count { !($0.action is any Encodable) }
    }

    /// Decodes an exported log and dispatches its actions into `store`, in order, without starting the effects their
    /// reducers return: the actions those effects dispatched are in the log.
    ///
    /// Every action is decoded before the first is dispatched, so a log with an unknown or malformed action changes
    /// nothing.
    /// - Throws: ``ReduxError/unknownActionType(_:)`` for a type the registry does not know,
    ///   ``ReduxError/actionDecodingFailed(type:reason:)`` for an action or a log that does not decode.
    public static func replay<State: Sendable>(
        _ data: Data,
        registry: ActionRegistry,
        into store: Store<State>
    ) throws(ReduxError) {
        let actions = try registry.decodeLog(data)
        let runsEffects = store.runsEffects
        let replaying = store.effectRunner.replaying
        store.runsEffects = false
        store.effectRunner.replaying = true
        defer {
            store.runsEffects = runsEffects
            store.effectRunner.replaying = replaying
        }
        store.transaction {
            for action in actions {
                store.dispatch(action, at: nil)
            }
        }
    }

    private struct Record: Encodable {
        let type: String
        let time: Double
        let action: any Encodable
        let effect: EffectOrigin?
        let diagnostics: [String]

        enum CodingKeys: String, CodingKey {
            case type, time, action, effect, diagnostics
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(type, forKey: .type)
            try container.encode(time, forKey: .time)
            if !diagnostics.isEmpty {
                try container.encode(diagnostics, forKey: .diagnostics)
            }
            try container.encodeIfPresent(effect, forKey: .effect)
            do {
                try container.encode(action, forKey: .action)
            } catch {
                throw ReduxError.actionEncodingFailed(type: type, reason: "\(error)")
            }
        }
    }
}

/// The action types a replayed log may contain, by name.
///
/// ```swift
/// let registry = ActionRegistry()
/// registry.register(AddDish.self)            // named "AddDish"
/// registry.register(PlaceOrder.self, name: "order.place")
/// ```
@MainActor
public final class ActionRegistry {
    private var decoders: [String: ActionDecoding.Decode] = [:]
    private var names: [ObjectIdentifier: String] = [:]
    /// The registered name of each type, by its type name: an inspector session names actions by type.
    private var namesByType: [String: String] = [:]

    /// Creates a registry that knows ``HistoryAction/Undo`` and ``HistoryAction/Redo``.
    public init() {
        register(HistoryAction.Undo.self)
        register(HistoryAction.Redo.self)
    }

    /// Creates a registry that knows every `Decodable` action type `reducers` has a reducer for, under its type
    /// name, besides undo and redo: no list of action types kept by hand. An action no reducer handles (one only a
    /// middleware sees) is registered with ``register(_:name:)``.
    ///
    /// ```swift
    /// let registry = ActionRegistry(reducers: store.reducers)
    /// ```
    public convenience init(reducers: ReducerContainer) {
        self.init()
        for type in reducers.actionTypes {
            if let decodable = type as? any (Action & Decodable).Type {
                registerDecodable(decodable)
            }
        }
    }

    /// Registers `type` under `name`, by default its type name.
    public func register<A: Action & Codable>(_ type: A.Type, name: String? = nil) {
        registerDecodable(type, name: name)
    }

    private func registerDecodable<A: Action & Decodable>(_ type: A.Type, name: String? = nil) {
        let name = name ?? Self.defaultName(of: type)
        decoders[name] = { decoder in try A(from: decoder) }
        names[ObjectIdentifier(type)] = name
        namesByType[Self.defaultName(of: type)] = name
    }

    /// Decodes an action from its JSON, its type given by the name it is registered under or by its type name (as
    /// an inspector session names it); `nil` when neither is registered.
    /// - Throws: ``ReduxError/actionDecodingFailed(type:reason:)`` when the JSON is not such an action.
    package func decodeAction(named name: String, from data: Data) throws(ReduxError) -> (any Action)? {
        guard let decode = decoders[name] ?? namesByType[name].flatMap({ decoders[$0] }) else { return nil }
        do {
            return try OneAction.decode(data, with: decode)
        } catch {
            throw .actionDecodingFailed(type: name, reason: "\(error)")
        }
    }

    /// The name `action`'s type is registered under, if it is.
    public func name(of action: any Action) -> String? {
        names[ObjectIdentifier(type(of: action))]
    }

    nonisolated static func defaultName(of type: any Action.Type) -> String {
        String(describing: type)
    }

    func decodeLog(_ data: Data) throws(ReduxError) -> [any Action] {
        do {
            return try ActionDecoding.$decoders.withValue(decoders) {
                try JSONDecoder().decode([DecodedRecord].self, from: data).map(\.action)
            }
        } catch let error as ReduxError {
            throw error
        } catch {
            throw .actionDecodingFailed(type: "log", reason: "\(error)")
        }
    }
}

/// One action decoded by the decoder in the decoder's user info, for ``ActionRegistry/decodeAction(named:from:)``.
private struct OneAction: Decodable {
    static let decodeKey = CodingUserInfoKey(rawValue: "brigade.decodeAction")

    let action: any Action

    init(from decoder: any Decoder) throws {
        guard let key = Self.decodeKey, let decode = decoder.userInfo[key] as? ActionDecoding.Decode else {
            throw ReduxError.actionDecodingFailed(type: "action", reason: "no decoder")
        }
        action = try decode(decoder)
    }

    static func decode(_ data: Data, with decode: @escaping ActionDecoding.Decode) throws -> any Action {
        let decoder = JSONDecoder()
        if let key = decodeKey {
            decoder.userInfo[key] = decode
        }
        return try decoder.decode(OneAction.self, from: data).action
    }
}

/// The registry's decoders, handed to the records while one log is decoded.
enum ActionDecoding {
    typealias Decode = @Sendable (any Decoder) throws -> any Action

    @TaskLocal static var decoders: [String: Decode] = [:]
}

private struct DecodedRecord: Decodable {
    let action: any Action

    enum CodingKeys: String, CodingKey {
        case type, time, action
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        guard let decode = ActionDecoding.decoders[type] else {
            throw ReduxError.unknownActionType(type)
        }
        if (try? container.decode(String.self, forKey: .action)) == Redacted<Void>.marker {
            throw ReduxError.actionDecodingFailed(
                type: type, reason: "the action was redacted when the log was exported (a RedactedAction)")
        }
        do {
            action = try decode(container.superDecoder(forKey: .action))
        } catch {
            throw ReduxError.actionDecodingFailed(type: type, reason: "\(error)")
        }
    }
}
