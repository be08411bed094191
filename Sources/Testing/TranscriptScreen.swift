import BrigadeCore

/// The lifecycle events screens received, in order, as `name.event`, a disappear event with why:
/// `note.willDisappear(animated) removed` (see ``BrigadeCore/Disappearance``). The transcripts of
/// ``NavigationScenario`` are written this way.
@MainActor
public final class LifecycleTranscript {
    /// The events, in order.
    public private(set) var entries: [String] = []

    /// An empty transcript.
    public init() {}

    /// Forgets the events recorded so far.
    public func removeAll() {
        entries.removeAll()
    }

    fileprivate func append(_ entry: String) {
        entries.append(entry)
    }
}

/// A screen that records its lifecycle events in a ``LifecycleTranscript``: the screen of a navigation test.
///
/// ```swift
/// let transcript = LifecycleTranscript()
/// let navigator = HeadlessNavigator()
/// try await navigator.setRoot(TranscriptScreen("list", transcript: transcript), animated: false)
/// try await navigator.push(TranscriptScreen("note", transcript: transcript), animated: true)
/// // transcript.entries: list.load, list.willAppear(not animated), …, list.willDisappear(animated) covered, …
/// ```
@MainActor
public final class TranscriptScreen: Controller {
    /// The screen's attachments.
    public var attachments = ControllerAttachments()
    /// The screen's name in the transcript.
    public let name: String
    /// Where the screen records its events.
    public let transcript: LifecycleTranscript

    /// A screen named `name`, presented in `modalStyle` when it is presented (`nil`: the navigator's default).
    public init(_ name: String, transcript: LifecycleTranscript, modalStyle: NavigationModalStyle? = nil) {
        self.name = name
        self.transcript = transcript
        attachments.modalStyle = modalStyle
    }

    /// Records `event`.
    public func lifecycleEvent(_ event: LifecycleEvent) {
        switch event {
        case .willDisappear, .didDisappear:
            transcript.append("\(name).\(event) \(attachments.disappearance.map(\.description) ?? "?")")
        default:
            transcript.append("\(name).\(event)")
        }
    }

    /// The names of `controllers`, `?` for one that is not a transcript screen.
    public static func names(_ controllers: [any Controller]) -> [String] {
        controllers.map { ($0 as? TranscriptScreen)?.name ?? "?" }
    }
}
