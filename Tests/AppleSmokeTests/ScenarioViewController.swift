#if canImport(UIKit) && !os(watchOS)
import BrigadeCore
import BrigadeNavigation
import BrigadeUIKit
import UIKit

/// The lifecycle events of a scenario's screens, in the order UIKit delivered them.
@MainActor
final class ScenarioTranscript {
    var entries: [String] = []
}

/// A screen of a scenario on UIKit: a `BrigadeViewController` (UIKit is the source of its events, forwarded through
/// `LifecycleDelivery`) that records each event as `name.event`, a disappear event with why (`removed` / `covered`),
/// as the Linux run's screens do. It asks for the style the scenario presents it with: `.pageSheet` or `.fullScreen`.
final class ScenarioViewController: BrigadeViewController {
    let name: String
    let transcript: ScenarioTranscript

    init(name: String, style: NavigationModalStyle, transcript: ScenarioTranscript) {
        self.name = name
        self.transcript = transcript
        super.init(nibName: nil, bundle: nil)
        title = name
        modalPresentationStyle = style == .fullScreen ? .fullScreen : .pageSheet
    }

    required init?(coder: NSCoder) {
        return nil
    }

    override func lifecycleEvent(_ event: LifecycleEvent) {
        switch event {
        case .willDisappear, .didDisappear:
            transcript.entries.append("\(name).\(event) \(attachments.disappearance.map(\.description) ?? "?")")
        default:
            transcript.entries.append("\(name).\(event)")
        }
    }
}
#endif
