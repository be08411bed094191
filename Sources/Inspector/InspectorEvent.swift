/// One thing that happened in an inspected app, as the inspector's page shows it and a session file keeps it: an
/// action and the state it made, a change of the screens, an effect, a service resolution, a time travel, an
/// `APIClient` call, or a command of the tool that could not be done.
///
/// Every event has a ``seq`` (1, 2, 3… in the order they happened in one session) and a ``time``; the other members
/// belong to its ``type`` and are `nil` for the other types. JSON, one event per line, is the wire format between the
/// app and `brigade-tool inspect` and the format of a session file (docs/Inspector.md).
public struct InspectorEvent: Hashable, Sendable, Codable {
    /// What kind of event it is.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// The store processed an action (`@initial` for the state before the first one).
        case action
        /// The screens changed.
        case navigation
        /// An effect started, finished or was cancelled.
        case effect
        /// The kitchen resolved a service (a first use, a transient instance, or a failure).
        case resolution
        /// The app went back to an earlier state.
        case travel
        /// An `APIClient` call ended.
        case network
        /// A command of the tool (a dispatch, a skip, an import) could not be done: ``description`` says what was
        /// asked, ``error`` why.
        case command
    }

    /// An `APIClient` call: what was asked, what came back and how long it took (``Kind/network``). Header values
    /// and bodies are ``BrigadeCore/Redacted/marker`` or absent unless the inspector was asked to show them.
    public struct Network: Hashable, Sendable, Codable {
        /// The method, `GET`.
        public var method: String
        /// The URL; the values of its query are the marker unless shown.
        public var url: String
        /// The status code; `nil` when no response came.
        public var status: Int?
        /// How long the call took, in milliseconds, retries and redirects included.
        public var milliseconds: Double
        /// The size of the request's body, in bytes.
        public var requestBytes: Int
        /// The size of the response's body, in bytes; `nil` when no response came.
        public var responseBytes: Int?
        /// Why the call failed, or `nil`.
        public var error: String?
        /// The request's headers, names lowercased; values the marker unless shown.
        public var requestHeaders: [String: String]
        /// The response's headers, names lowercased; values the marker unless shown.
        public var responseHeaders: [String: String]?
        /// The request's body as text, when bodies are shown.
        public var requestBody: String?
        /// The response's body as text, when bodies are shown.
        public var responseBody: String?

        /// Creates a call's record.
        public init(
            method: String, url: String, status: Int?, milliseconds: Double, requestBytes: Int, responseBytes: Int?,
            error: String? = nil, requestHeaders: [String: String] = [:], responseHeaders: [String: String]? = nil,
            requestBody: String? = nil, responseBody: String? = nil
        ) {
            self.method = method
            self.url = url
            self.status = status
            self.milliseconds = milliseconds
            self.requestBytes = requestBytes
            self.responseBytes = responseBytes
            self.error = error
            self.requestHeaders = requestHeaders
            self.responseHeaders = responseHeaders
            self.requestBody = requestBody
            self.responseBody = responseBody
        }
    }

    /// Who dispatched an action.
    public struct Origin: Hashable, Sendable, Codable {
        /// `screen` (the app's code, while the screen ``name`` was on top), `app` (the app's code, no screen
        /// known), `effect` (an effect sent it) or `replay` (an action log's replay).
        public var kind: String
        /// The screen's URL (`/menu/soup`) or the effect (`effect #4 started by LoadSpecials`), or `nil`.
        public var name: String?

        /// Creates an origin.
        public init(kind: String, name: String? = nil) {
            self.kind = kind
            self.name = name
        }
    }

    /// What an action cost the app: the time its reducers took (and starting the effects they returned), on the main
    /// actor.
    public struct Cost: Hashable, Sendable, Codable {
        /// The reducers' time, in microseconds.
        public var reducerMicroseconds: Double
        /// How many subscribers the store told after the action (its `subscribe` methods' and `observeStates`'), in
        /// the notification rounds before the next action; `nil` in sessions recorded before Brigade counted them.
        ///
        /// A round that follows several actions (queued, or in a transaction) is counted on the last of them.
        public var subscribersNotified: Int?
        /// How many members read by observable views (`ObservedState`) those rounds invalidated; `nil` in sessions
        /// recorded before Brigade counted them.
        public var membersInvalidated: Int?

        /// Creates a cost.
        public init(reducerMicroseconds: Double, subscribersNotified: Int? = nil, membersInvalidated: Int? = nil) {
            self.reducerMicroseconds = reducerMicroseconds
            self.subscribersNotified = subscribersNotified
            self.membersInvalidated = membersInvalidated
        }
    }

    /// A modal screen: its URL and presentation style (`sheet` or `fullScreen`).
    public struct Modal: Hashable, Sendable, Codable {
        /// The modal's URL.
        public var url: String
        /// `sheet` or `fullScreen`.
        public var style: String

        /// Creates a modal.
        public init(url: String, style: String) {
            self.url = url
            self.style = style
        }
    }

    /// A lifecycle event a screen received.
    public struct Lifecycle: Hashable, Sendable, Codable {
        /// The screen: its controller type.
        public var screen: String
        /// The event: `load`, `willAppear(animated)`, ….
        public var event: String

        /// Creates a lifecycle entry.
        public init(screen: String, event: String) {
            self.screen = screen
            self.event = event
        }
    }

    /// The event's number in its session: 1 for the first, then one more for each.
    public var seq: Int
    /// When it happened, in seconds since 1970.
    public var time: Double
    /// What kind of event it is.
    public var type: Kind

    /// The action's type name (``Kind/action``).
    public var action: String?
    /// The action as text (``Kind/action``).
    public var description: String?
    /// The action as JSON, when its type is registered in the inspector's `ActionRegistry` (``Kind/action``).
    public var payload: InspectorValue?
    /// Who dispatched the action (``Kind/action``).
    public var origin: Origin?
    /// Where the app's code dispatched the action, `Module/File.swift:42` (``Kind/action``); `nil` for an action
    /// an effect, a replay or the tool dispatched, or one sent from another thread.
    public var callSite: String?
    /// What the action cost (``Kind/action``).
    public var cost: Cost?
    /// The whole state after the action, when the state is `Codable` (``Kind/action``, ``Kind/travel``).
    public var state: InspectorValue?
    /// The state as text, always (``Kind/action``, ``Kind/travel``).
    public var stateDescription: String?
    /// The members the action changed (``Kind/action``).
    public var diff: [InspectorChange]?

    /// The navigation stack, bottom first, as URLs (``Kind/navigation``).
    public var stack: [String]?
    /// The modals, the first presented first (``Kind/navigation``).
    public var modals: [Modal]?
    /// The lifecycle events delivered by the change (``Kind/navigation``).
    public var lifecycle: [Lifecycle]?

    /// `started`, `finished` or `cancelled` (``Kind/effect``).
    public var phase: String?
    /// The effect's serial number in its store (``Kind/effect``).
    public var serial: Int?
    /// The effect's identity, as text, or `nil` (``Kind/effect``).
    public var id: String?
    /// The action whose reducer started the effect, or `run` (``Kind/effect``).
    public var startedBy: String?
    /// The seqs of the actions the effect dispatched, when it finished (``Kind/effect``).
    public var followUps: [Int]?

    /// The service resolved: the last type of ``chain`` (``Kind/resolution``).
    public var service: String?
    /// The types, the first asked for first (``Kind/resolution``).
    public var chain: [String]?
    /// Why the resolution failed, or `nil` (``Kind/resolution``).
    public var failure: String?

    /// The seq of the action whose state the app went back to (``Kind/travel``).
    public var to: Int?
    /// Why the app could not travel, or `nil` (``Kind/travel``).
    public var error: String?
    /// The call (``Kind/network``).
    public var network: Network?

    /// Creates an event of `type`; set the members of its type.
    public init(seq: Int, time: Double, type: Kind) {
        self.seq = seq
        self.time = time
        self.type = type
    }
}

/// The first line an inspected app sends, and the first line of a session file: who is speaking.
public struct InspectorHello: Hashable, Sendable, Codable {
    /// The version of the format this library writes and reads.
    public static let currentVersion = 1

    /// Always `hello`.
    public var kind = "hello"
    /// The format's version: ``currentVersion`` when written by this library.
    public var version: Int
    /// The session: a new one each time an app starts inspecting.
    public var sessionID: String
    /// The app's name.
    public var app: String
    /// The state's type name.
    public var stateType: String
    /// Whether the state is `Codable` (events then carry it as JSON).
    public var stateIsCodable: Bool
    /// How many events the app keeps to send again when the tool reconnects.
    public var ringSize: Int
    /// When the session started, in seconds since 1970.
    public var startTime: Double
    /// What the inspector could not do as asked (``Inspector/notes``), or `nil`.
    public var notes: [String]?

    /// Creates a hello of the current version.
    public init(
        sessionID: String, app: String, stateType: String, stateIsCodable: Bool, ringSize: Int, startTime: Double,
        notes: [String]? = nil
    ) {
        self.notes = notes
        version = Self.currentVersion
        self.sessionID = sessionID
        self.app = app
        self.stateType = stateType
        self.stateIsCodable = stateIsCodable
        self.ringSize = ringSize
        self.startTime = startTime
    }
}

/// A line of the wire after the hello: an event from the app.
public struct InspectorEventLine: Hashable, Sendable, Codable {
    /// Always `event`.
    public var kind = "event"
    /// The event.
    public var event: InspectorEvent

    /// Wraps `event`.
    public init(event: InspectorEvent) {
        self.event = event
    }
}

/// What the tool asks an inspected app to do.
public struct InspectorCommand: Hashable, Sendable, Codable {
    /// `travel` (go back to the state after ``to``), `resume` (continue from the state shown), `dispatch` (the
    /// action ``action`` made from ``payload``), `skip` (the actions after ``from`` through ``to`` again, but those
    /// in ``skip``) or `import` (``state`` as the app's state).
    public var kind: String
    /// The seq of the action to go back to, for `travel`; the last action to replay, for `skip`.
    public var to: Int?
    /// The action's type name, for `dispatch`.
    public var action: String?
    /// The action as JSON, for `dispatch`.
    public var payload: InspectorValue?
    /// The action whose state a `skip` starts from.
    public var from: Int?
    /// The seqs of the actions a `skip` leaves out.
    public var skip: [Int]?
    /// The state, for `import`.
    public var state: InspectorValue?

    /// Go back to the state after the action numbered `seq`.
    public static func travel(to seq: Int) -> InspectorCommand { InspectorCommand(kind: "travel", to: seq) }

    /// Continue from the state shown.
    public static let resume = InspectorCommand(kind: "resume", to: nil)

    /// Dispatch the action of type `action` that `payload` decodes to (by the store's reducers' action types).
    public static func dispatch(_ action: String, payload: InspectorValue) -> InspectorCommand {
        var command = InspectorCommand(kind: "dispatch", to: nil)
        command.action = action
        command.payload = payload
        return command
    }

    /// Put the app back to the state after `from`, then dispatch again, effects off, the recorded actions after it
    /// through `to` but those in `skip`: the states as if they had never happened.
    public static func skip(_ skip: [Int], from: Int, to: Int) -> InspectorCommand {
        var command = InspectorCommand(kind: "skip", to: to)
        command.from = from
        command.skip = skip
        return command
    }

    /// Make `state` the app's state.
    public static func importState(_ state: InspectorValue) -> InspectorCommand {
        var command = InspectorCommand(kind: "import", to: nil)
        command.state = state
        return command
    }

    /// Creates a command.
    public init(kind: String, to: Int?) {
        self.kind = kind
        self.to = to
    }
}
