import BrigadeCore
import BrigadeNavigation

/// A navigation scenario: steps (navigator calls and user actions) and the lifecycle transcript they produce, defined
/// once, platform-neutral, and run on every host that should behave as UIKit does.
///
/// ``standard`` is the table. The repository runs it on Linux against ``NavigationControllerDouble``, and on an iOS
/// simulator against UIKit's own `BrigadeNavigationController` (Tests/AppleSmokeTests, unverified here), so the
/// double and UIKit are held to the same transcripts:
///
/// ```swift
/// for scenario in NavigationScenario.standard {
///     let host = NavigationControllerDouble()
///     try await scenario.run(on: HostNavigator(host: host)) { name, style in
///         makeLoggingScreen(name, style)
///     } startTranscript: {
///         log.removeAll()
///     } userAction: { step, screens in
///         if step == .tapBackButton { host.tapBackButton() }
///     }
///     // compare the log with scenario.transcript
/// }
/// ```
///
/// A transcript entry is `name.event`, and a disappear event also says why: `note.willDisappear(animated) removed`
/// (see ``BrigadeCore/Disappearance``).
public struct NavigationScenario: Sendable, Hashable, CustomStringConvertible {
    /// One step of a scenario: a navigator call (made through `HostNavigator`) or something the user does.
    ///
    /// Screens are named; the same name is the same screen throughout a scenario.
    public enum Step: Sendable, Hashable, CustomStringConvertible {
        /// The navigator pushes the screen.
        case push(String)
        /// The navigator pops the top screen.
        case pop
        /// The navigator presents the screen, with the style the screen asks for (UIKit: its
        /// `modalPresentationStyle`, `.pageSheet` or `.fullScreen`).
        case present(String, NavigationModalStyle)
        /// The navigator dismisses the topmost modal.
        case dismiss
        /// The navigator shows these screens as the stack and dismisses every modal, in one transition: a deep
        /// link.
        case setStack([String])
        /// The navigator pops until the screen is the top of the stack.
        case popTo(String)
        /// The navigator makes the screen the only one: every modal dismissed, the stack replaced.
        case setRoot(String)
        /// The navigator replaces the top of the stack with the screen.
        case replaceTop(String)
        /// The navigator shows these screens as the stack and these as the modals (each in the style the screen
        /// asks for, a sheet unless it was presented before in another), in one transition: a saved state restored.
        case restore(stack: [String], modals: [String])
        /// The user taps the back button. UIKit: `popViewController(animated: true)`, the button's action (the tap
        /// itself is not driven).
        case tapBackButton
        /// The user picks a screen in the back button's history menu (iOS 14). UIKit:
        /// `popToViewController(_:animated: true)`, the menu item's action.
        case popFromBackMenu(to: String)
        /// The user starts the edge swipe back. Not drivable from a UIKit test: `interactivePopGestureRecognizer`
        /// takes no synthetic touches.
        case beginInteractivePop
        /// The user's edge swipe goes past the middle and the pop completes. Not drivable on UIKit.
        case finishInteractivePop
        /// The user's edge swipe goes back: the pop is cancelled. Not drivable on UIKit.
        case cancelInteractivePop
        /// The user swipes the topmost sheet down in one go. UIKit: the sheet's presenter's
        /// `dismiss(animated: true)`, what a completed swipe does (the gesture itself is not driven).
        case swipeDownSheet
        /// The user starts dragging the topmost sheet down. Not drivable on UIKit: the sheet's pan gesture takes no
        /// synthetic touches.
        case beginSheetSwipe
        /// The user's drag dismisses the sheet. Not drivable on UIKit.
        case finishSheetSwipe
        /// The user's drag snaps back: the sheet stays. Not drivable on UIKit.
        case cancelSheetSwipe

        /// Whether the step is a navigator call (`false`: the user does it).
        public var isNavigatorCall: Bool {
            switch self {
            case .push, .pop, .present, .dismiss, .setStack, .popTo, .setRoot, .replaceTop, .restore: return true
            default: return false
            }
        }

        /// Whether a test can drive the step on UIKit: every navigator call, and the user actions whose UIKit
        /// equivalent is a call (the back tap, the back menu, a sheet swiped down in one go); not the interactive
        /// pop's or the sheet drag's phases, which only a finger on the screen drives.
        public var isDrivableOnUIKit: Bool {
            switch self {
            case .beginInteractivePop, .finishInteractivePop, .cancelInteractivePop, .beginSheetSwipe,
                .finishSheetSwipe, .cancelSheetSwipe:
                return false
            default:
                return true
            }
        }

        /// Whether no transition runs after the step: `false` only after a step that starts an interactive one.
        public var endsIdle: Bool {
            self != .beginInteractivePop && self != .beginSheetSwipe
        }

        /// The step as the table writes it, such as `push note` or `user taps back`.
        public var description: String {
            switch self {
            case .push(let name): return "push \(name)"
            case .pop: return "pop"
            case .present(let name, let style): return "present \(name) (\(style == .sheet ? "sheet" : "full screen"))"
            case .dismiss: return "dismiss"
            case .setStack(let names): return "setStack \(names.joined(separator: ", "))"
            case .popTo(let name): return "pop to \(name)"
            case .setRoot(let name): return "setRoot \(name)"
            case .replaceTop(let name): return "replaceTop \(name)"
            case .restore(let stack, let modals):
                return "restore \(stack.joined(separator: ", ")) | \(modals.joined(separator: ", "))"
            case .tapBackButton: return "user taps back"
            case .popFromBackMenu(let name): return "user picks \(name) in the back menu"
            case .beginInteractivePop: return "user begins the edge swipe"
            case .finishInteractivePop: return "user finishes the edge swipe"
            case .cancelInteractivePop: return "user cancels the edge swipe"
            case .swipeDownSheet: return "user swipes the sheet down"
            case .beginSheetSwipe: return "user begins dragging the sheet"
            case .finishSheetSwipe: return "user finishes dragging the sheet"
            case .cancelSheetSwipe: return "user lets the sheet snap back"
            }
        }
    }

    /// What the scenario shows, such as `the user taps back`.
    public var name: String
    /// The steps that bring the host to the scenario's start, carried out without animation; their events are not
    /// part of the transcript.
    public var setUp: [Step]
    /// The steps of the scenario, carried out animated.
    public var steps: [Step]
    /// The lifecycle events the steps deliver, in order, as `name.event` (disappear events with ` removed` or
    /// ` covered`).
    public var transcript: [String]
    /// The names of the screens of the navigation stack at the end, bottom first.
    public var stack: [String]
    /// The names of the modals at the end, the first presented first.
    public var modals: [String]

    /// Creates a scenario.
    public init(
        _ name: String, setUp: [Step], steps: [Step], transcript: [String], stack: [String], modals: [String] = []
    ) {
        self.name = name
        self.setUp = setUp
        self.steps = steps
        self.transcript = transcript
        self.stack = stack
        self.modals = modals
    }

    /// Whether every step can be driven on UIKit (see ``Step/isDrivableOnUIKit``).
    public var isDrivableOnUIKit: Bool {
        (setUp + steps).allSatisfy(\.isDrivableOnUIKit)
    }

    /// The scenario's name.
    public var description: String { name }

    /// Carries out the scenario on `navigator` over its host: the set-up steps without animation, then
    /// `startTranscript`, then the steps animated. After a user action that ends a transition (see
    /// ``Step/endsIdle``) it waits until the host's transitions ended. See
    /// ``run(on:makeScreen:startTranscript:userAction:untilIdle:)`` for the parameters.
    @MainActor
    public func run<Host: NavigationHost>(
        on navigator: HostNavigator<Host>,
        makeScreen: @MainActor (_ name: String, _ style: NavigationModalStyle) -> any Controller,
        startTranscript: @MainActor () async -> Void,
        userAction: @MainActor (_ step: Step, _ screens: [String: any Controller]) async throws -> Void
    ) async throws {
        try await run(
            on: navigator as any Navigator, makeScreen: makeScreen, startTranscript: startTranscript,
            userAction: userAction
        ) {
            await withCheckedContinuation { continuation in
                var resumed = false
                navigator.host.whenTransitionsEnd {
                    guard !resumed else { return }
                    resumed = true
                    continuation.resume()
                }
            }
        }
    }

    /// Carries out the scenario on any navigator: the set-up steps without animation, then `startTranscript`, then
    /// the steps animated. Navigator calls go through `navigator`; user actions go to `userAction`, with the
    /// screens made so far by name.
    ///
    /// - Parameters:
    ///   - navigator: The navigator under test.
    ///   - makeScreen: Makes the screen of a name, once per name, with the style it is presented with (`.sheet` for
    ///     a screen that is not presented); the screens record the transcript.
    ///   - startTranscript: Called when the set-up ended: forget the events recorded so far.
    ///   - userAction: Does a user step: on a platform host, what the user does; on a navigator with no platform,
    ///     what the platform would do (SwiftUI sets the path).
    ///   - untilIdle: Returns once no transition runs, after a user action that ends one; by default at once.
    /// - Throws: What a navigator call or `userAction` throws.
    @MainActor
    public func run(
        on navigator: any Navigator,
        makeScreen: @MainActor (_ name: String, _ style: NavigationModalStyle) -> any Controller,
        startTranscript: @MainActor () async -> Void,
        userAction: @MainActor (_ step: Step, _ screens: [String: any Controller]) async throws -> Void,
        untilIdle: @MainActor () async -> Void = {}
    ) async throws {
        var screens: [String: any Controller] = [:]
        func screen(_ name: String, _ style: NavigationModalStyle = .sheet) -> any Controller {
            if let made = screens[name] { return made }
            let made = makeScreen(name, style)
            screens[name] = made
            return made
        }
        func perform(_ step: Step, animated: Bool) async throws {
            switch step {
            case .push(let name): try await navigator.push(screen(name), animated: animated)
            case .pop: try await navigator.pop(animated: animated)
            case .present(let name, let style): try await navigator.present(screen(name, style), animated: animated)
            case .dismiss: try await navigator.dismiss(animated: animated)
            case .setStack(let names): try await navigator.setStack(names.map { screen($0) }, animated: animated)
            case .popTo(let name): try await navigator.pop(to: screen(name), animated: animated)
            case .setRoot(let name): try await navigator.setRoot(screen(name), animated: animated)
            case .replaceTop(let name): try await navigator.replaceTop(with: screen(name), animated: animated)
            case .restore(let stack, let modals):
                try await navigator.setStack(
                    stack.map { screen($0) }, modals: modals.map { screen($0) }, animated: animated)
            default:
                try await userAction(step, screens)
                if step.endsIdle {
                    await untilIdle()
                }
            }
        }
        for step in setUp {
            try await perform(step, animated: false)
        }
        await startTranscript()
        for step in steps {
            try await perform(step, animated: true)
        }
    }
}
