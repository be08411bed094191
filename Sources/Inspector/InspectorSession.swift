import Foundation

/// A recorded session: the app's hello and its events in order, as a session file holds them.
///
/// A session file is JSON lines: the first line is the ``InspectorHello``, every further line one event
/// (`{"kind":"event","event":{…}}`). The page of `brigade-tool inspect` exports it, ``Inspector/session()`` makes
/// it, and BrigadeTesting's `InspectorReplay` replays it through a `TestStore`.
///
/// ```swift
/// let session = try InspectorSession(contentsOf: URL(fileURLWithPath: "bug.brigade-session"))
/// session.actions.map(\.action)   // ["@initial", "OrderPlaced", …]
/// ```
public struct InspectorSession: Hashable, Sendable {
    /// Who recorded the session.
    public var hello: InspectorHello
    /// The events, in seq order.
    public var events: [InspectorEvent]

    /// Creates a session.
    public init(hello: InspectorHello, events: [InspectorEvent]) {
        self.hello = hello
        self.events = events
    }

    /// The action events, `@initial` first.
    public var actions: [InspectorEvent] { events.filter { $0.type == .action } }

    /// Reads the session file at `url`.
    /// - Throws: ``InspectorError/unreadable(path:reason:)`` when the file cannot be read, or the errors of
    ///   ``init(data:)``.
    public init(contentsOf url: URL) throws(InspectorError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: "\(error.localizedDescription)")
        }
        try self.init(data: data)
    }

    /// Reads a session from the text of a session file.
    /// - Throws: ``InspectorError/empty``; ``InspectorError/truncated(line:)`` when the last line is cut off;
    ///   ``InspectorError/newerVersion(line:version:supported:)``; ``InspectorError/invalidLine(line:reason:)`` for
    ///   a line that is not the JSON expected there (hand-edited); ``InspectorError/outOfOrder(line:seq:after:)``.
    public init(data: Data) throws(InspectorError) {
        let (hello, events, _) = try Self.parse(data, recovering: false)
        self.init(hello: hello, events: events)
    }

    /// What ``recovering(from:)`` read of a damaged file: the session of the lines that decode, and an error per line
    /// left out, in line order.
    public typealias Recovered = (session: InspectorSession, skipped: [InspectorError])

    /// Reads what can be read of a session file: the hello must be there (or this throws as ``init(data:)``), and
    /// each event line that does not decode (hand-edited, cut off, from a newer Brigade's kind of event) or is out of
    /// order is left out and named in `skipped`, so the rest of a damaged session still opens (`brigade-tool inspect
    /// --open`).
    /// - Returns: The session of the lines that decode, and an error per line left out, in line order.
    /// - Throws: ``InspectorError/empty``, or an error of the first line (``init(data:)``'s).
    public static func recovering(from data: Data) throws(InspectorError) -> Recovered {
        let (hello, events, skipped) = try parse(data, recovering: true)
        return (InspectorSession(hello: hello, events: events), skipped)
    }

    private static func parse(
        _ data: Data, recovering: Bool
    ) throws(InspectorError) -> (InspectorHello, [InspectorEvent], [InspectorError]) {
        let text = String(decoding: data, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let endsWithNewline = lines.last == ""
        if endsWithNewline {
            lines.removeLast()
        }
        guard let first = lines.first, !first.trimmingCharacters(in: .whitespaces).isEmpty else { throw .empty }
        let decoder = JSONDecoder()
        func decode<T: Decodable>(_ type: T.Type, line index: Int) throws(InspectorError) -> T {
            let line = lines[index]
            do {
                return try decoder.decode(T.self, from: Data(line.utf8))
            } catch {
                let isLast = index == lines.count - 1
                if isLast, !endsWithNewline, (try? JSONSerialization.jsonObject(with: Data(line.utf8))) == nil {
                    throw .truncated(line: index + 1)
                }
                throw .invalidLine(line: index + 1, reason: Self.reason(error))
            }
        }
        struct Head: Decodable {
            let kind: String?
            let version: Int?
        }
        let head = try decode(Head.self, line: 0)
        guard head.kind == "hello" else {
            throw .invalidLine(line: 1, reason: "the first line is not a hello (kind is \"\(head.kind ?? "")\")")
        }
        if let version = head.version, version > InspectorHello.currentVersion {
            throw .newerVersion(line: 1, version: version, supported: InspectorHello.currentVersion)
        }
        let hello = try decode(InspectorHello.self, line: 0)
        var events: [InspectorEvent] = []
        var skipped: [InspectorError] = []
        for index in lines.indices.dropFirst() {
            do throws(InspectorError) {
                if lines[index].trimmingCharacters(in: .whitespaces).isEmpty {
                    throw .invalidLine(line: index + 1, reason: "the line is empty")
                }
                let event = try decode(InspectorEventLine.self, line: index).event
                if let last = events.last, event.seq <= last.seq {
                    throw .outOfOrder(line: index + 1, seq: event.seq, after: last.seq)
                }
                events.append(event)
            } catch {
                guard recovering else { throw error }
                skipped.append(error)
            }
        }
        return (hello, events, skipped)
    }

    /// The session as the text of a session file: the hello, then one line per event, each ending in a newline.
    public func data() throws(InspectorError) -> Data {
        var data = try Self.line(hello)
        for event in events {
            data.append(try Self.line(InspectorEventLine(event: event)))
        }
        return data
    }

    /// Writes the session file to `url`, replacing what is there.
    /// - Throws: ``InspectorError/unwritable(path:reason:)``.
    public func write(to url: URL) throws(InspectorError) {
        let data = try data()
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw .unwritable(path: url.path, reason: "\(error.localizedDescription)")
        }
    }

    /// `value` as one line of JSON (keys in order, so a session writes the same bytes each time) and a newline.
    static func line(_ value: some Encodable) throws(InspectorError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            var data = try encoder.encode(value)
            data.append(0x0A)
            return data
        } catch {
            throw .unencodable(reason: "\(error)")
        }
    }

    /// What a decoding error says, without Foundation's wrapping: the member's path and what was wrong with it.
    package static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "missing \"\(Self.path(context.codingPath + [key]))\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "\"\(Self.path(context.codingPath))\": \(context.debugDescription)"
        case DecodingError.dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "not JSON" : "\"\(Self.path(context.codingPath))\": \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}

/// The inspector's errors, each naming what to fix: the line of a session file, the seq of a travel.
public enum InspectorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The session file is empty.
    case empty
    /// The session file's last line is cut off: the file was copied or written while it grew.
    case truncated(line: Int)
    /// The session was written by a newer Brigade.
    case newerVersion(line: Int, version: Int, supported: Int)
    /// A line is not what it should be (hand-edited, or not a session file).
    case invalidLine(line: Int, reason: String)
    /// A line's seq is not after the line before it.
    case outOfOrder(line: Int, seq: Int, after: Int)
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The file could not be written.
    case unwritable(path: String, reason: String)
    /// An event could not be encoded.
    case unencodable(reason: String)
    /// A travel to a seq the app no longer keeps, or never had.
    case noSuchState(seq: Int, oldest: Int?, newest: Int?)
    /// A replayed action's type is not in the registry, so it cannot be decoded.
    case unknownAction(line: Int, action: String)
    /// A session's state could not be decoded as the state type.
    case undecodableState(seq: Int, reason: String)
    /// A command of the tool (dispatch, skip, import) could not be done; nothing changed.
    case commandFailed(reason: String)

    /// What went wrong, with the line or seq to look at.
    public var description: String {
        switch self {
        case .empty:
            return "the session file is empty"
        case .truncated(let line):
            return "line \(line): the session file is cut off here (it was copied while it was written?)"
        case .newerVersion(let line, let version, let supported):
            return "line \(line): the session is version \(version), this Brigade reads up to version \(supported)"
        case .invalidLine(let line, let reason):
            return "line \(line): \(reason)"
        case .outOfOrder(let line, let seq, let after):
            return "line \(line): seq \(seq) comes after seq \(after); events must be in order"
        case .unreadable(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .unwritable(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .unencodable(let reason):
            return "cannot encode an event: \(reason)"
        case .noSuchState(let seq, let oldest, let newest):
            return "no state after seq \(seq): \(Self.keptStates(oldest: oldest, newest: newest))"
        case .unknownAction(let line, let action):
            return "line \(line): action \(action) is not in the registry, so it cannot be replayed"
        case .undecodableState(let seq, let reason):
            return "seq \(seq): the recorded state does not decode as the state type: \(reason)"
        case .commandFailed(let reason):
            return "the command could not be done: \(reason)"
        }
    }

    /// The states the app keeps, for ``noSuchState(seq:oldest:newest:)``.
    private static func keptStates(oldest: Int?, newest: Int?) -> String {
        guard let oldest, let newest else { return "nothing was recorded" }
        return "the app keeps the states of seqs \(oldest) to \(newest)"
    }
}
