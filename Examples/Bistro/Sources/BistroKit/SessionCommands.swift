import Brigade
import Foundation

extension BistroSession {
    /// The texts of the screens (`copy.json`) and of the session (`session.json`: errors, confirmations, the
    /// commands' help), in one table; the English help is the one `bistro --help` prints.
    static func texts(from larder: BundledResources) throws -> Translations.Table {
        let screens = try Translations.Table.load(from: larder, named: "copy")
        let session = try Translations.Table.load(from: larder, named: "session")
        var texts = screens.texts.merging(session.texts) { screen, _ in screen }
        let commands = BistroOptions.help.components(separatedBy: "COMMANDS:\n").last ?? BistroOptions.help
        texts["help.commands", default: [:]]["en"] = commands
        return Translations.Table(texts)
    }

    /// The action types of the Bistro, for `log export` and `--replay`.
    static func makeRegistry() -> ActionRegistry {
        let registry = ActionRegistry()
        registry.register(AddDish.self)
        registry.register(RemoveDish.self)
        registry.register(OrderPlaced.self)
        registry.register(OrdersLoaded.self)
        registry.register(SetLanguage.self)
        registry.register(SpecialsLoaded.self)
        registry.register(SpecialsFailed.self)
        return registry
    }

    /// The session text `key` in the state's language, with `arguments` in place of `{0}`, `{1}`, ….
    func text(_ key: String, _ arguments: any CustomStringConvertible...) -> String {
        sommelier.text(key, language: store.currentState.language, arguments: arguments)
    }

    /// The one-line message for `error`, in the state's language; errors of Brigade itself keep their own text.
    func message(for error: any Error) -> String {
        switch error {
        case let error as CommandError: return error.description
        case WireframeError.noRoute(let url): return text("error.noScreen", url.absoluteString)
        case WireframeError.routingFailed(_, let underlying): return message(for: underlying)
        case BistroError.unknownDish(let dish): return text("error.unknownDish", dish)
        case BistroError.unknownOrder(let id): return text("error.unknownOrder", id)
        case BistroError.unknownLanguage(let code, let available):
            return text("error.unknownLanguage", code, available.joined(separator: ", "))
        default: return Self.describe(error)
        }
    }

    /// `log`: the actions so far, oldest first; `log export FILE`: writes them as JSON for `bistro --replay FILE`.
    func showLog(_ arguments: [String]) throws -> Outcome {
        switch arguments.count {
        case 0:
            let title = "== " + text("log.title") + " =="
            guard !log.entries.isEmpty else { return .text([title, text("log.empty")].joined(separator: "\n")) }
            let lines = log.entries.enumerated().map { index, entry in
                "  \(index + 1). " + Tracer.describe(entry.action)
                    + entry.diagnostics.map { " — \($0)" }.joined()
            }
            return .text(([title] + lines).joined(separator: "\n"))
        case 2 where arguments[0] == "export":
            let path = arguments[1]
            do {
                try log.exportJSON(registry: registry).write(to: URL(fileURLWithPath: path))
            } catch {
                throw CommandError(text("error.exportFailed", path, Self.describe(error)))
            }
            return .text(text("log.exported", log.entries.count, path))
        default:
            throw CommandError(text("error.usage.log"))
        }
    }

    /// `state`: the store's state as one line of JSON, keys sorted, so a program driving the Bistro can check it
    /// (the inspector's browser test checks a time travel with it).
    func stateJSON() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(store.currentState) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Replays the action log at `path` into the store and adds a notice saying how many actions it held.
    /// - Throws: ``ReplayError`` when the file cannot be read or does not decode; the state is unchanged then.
    func replay(_ path: String) throws(ReplayError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "no such file, or it cannot be read")
        }
        let before = log.entries.count
        do {
            try ActionLog.replay(data, registry: registry, into: store)
        } catch {
            throw .malformed(path: path, reason: error.description)
        }
        addNotice(text("replay.done", log.entries.count - before, path))
    }
}

/// Why `bistro --replay FILE` cannot replay the file.
public enum ReplayError: Error, Equatable, CustomStringConvertible {
    /// The file cannot be read.
    case unreadable(path: String, reason: String)
    /// The file is not an action log of the Bistro's actions.
    case malformed(path: String, reason: String)

    /// The message.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "cannot read the action log '\(path)': \(reason)"
        case .malformed(let path, let reason): return "cannot replay the action log '\(path)': \(reason)"
        }
    }
}
