#if canImport(UIKit) && !os(watchOS)
import BrigadeCore
import BrigadeNavigation
import BrigadeTesting
import BrigadeUIKit
import Testing
import UIKit

// The scenario table (BrigadeTesting's `NavigationScenario.standard`) on real UIKit: a BrigadeNavigationController in
// a key window, each scenario's navigator calls made through HostNavigator, its user actions through the closest UIKit
// call, the transcripts read from BrigadeViewControllers. On Linux the same table runs against
// NavigationControllerDouble (Tests/TestingTests/NavigationScenarioTests.swift).
//
// How each step is driven here:
// - navigator calls (push, pop, present, dismiss, setStack): `HostNavigator` over the BrigadeNavigationController,
//   as in an app;
// - the user's back tap: `popViewController(animated: true)`, the back button's action (no tap is synthesized);
// - the back menu: `popToViewController(_:animated: true)`, the menu item's action;
// - a sheet swiped down: the sheet's presenter's `dismiss(animated: true)`, what a completed swipe does (the pan
//   gesture is not driven);
// - the interactive pop's and the sheet drag's phases: not driven (UIKit's gesture recognizers take no synthetic
//   touches), so the scenarios that use them run on the double only.
//
// UNVERIFIED HERE: Brigade is developed on Linux, where this target builds empty; scripts/check-apple-stand-ins only
// type-checks it against the UIKit stand-ins. .github/workflows/apple.yml runs it on an iOS simulator; nobody has
// seen that run pass.
@Suite("BrigadeNavigationController on an iOS simulator gives the scenario table's transcripts", .serialized)
@MainActor
struct NavigationScenarioSmokeTests {
    @Test(
        "each scenario UIKit can be driven through gives its transcript and ends on its stacks",
        arguments: NavigationScenario.standard.filter(\.isDrivableOnUIKit))
    func scenarioOnUIKit(_ scenario: NavigationScenario) async throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let host = BrigadeNavigationController()
        window.rootViewController = host
        window.makeKeyAndVisible()
        defer { window.isHidden = true }
        let transcript = ScenarioTranscript()
        try await scenario.run(on: HostNavigator(host: host)) { name, style in
            ScenarioViewController(name: name, style: style, transcript: transcript)
        } startTranscript: {
            await Self.settle(window, host)
            transcript.entries.removeAll()
        } userAction: { step, screens in
            Self.perform(step, on: host, screens: screens)
            // UINavigationController starts a transition on its next layout pass; run it now.
            window.layoutIfNeeded()
        }
        await Self.settle(window, host)
        #expect(transcript.entries == scenario.transcript)
        #expect(host.shownStack.map(Self.name) == scenario.stack)
        #expect(host.shownModals.map(Self.name) == scenario.modals)
    }

    /// Does a user step through the UIKit call closest to it.
    private static func perform(
        _ step: NavigationScenario.Step, on host: BrigadeNavigationController, screens: [String: any Controller]
    ) {
        switch step {
        case .tapBackButton:
            #expect(host.popViewController(animated: true) != nil, "nothing to pop")
        case .popFromBackMenu(let name):
            let target = screens[name] as? UIViewController
            #expect(target.flatMap { host.popToViewController($0, animated: true) } != nil, "\(name) not below")
        case .swipeDownSheet:
            let presenter = (host.shownModals.last as? UIViewController)?.presentingViewController
            #expect(presenter != nil, "no sheet to swipe down")
            presenter?.dismiss(animated: true)
        default:
            Issue.record("'\(step)' cannot be driven on UIKit")
        }
    }

    /// Lays out the window (UIKit runs deferred transitions then) and waits until no transition runs.
    private static func settle(_ window: UIWindow, _ host: BrigadeNavigationController) async {
        window.layoutIfNeeded()
        await withCheckedContinuation { continuation in
            host.whenTransitionsEnd { continuation.resume() }
        }
    }

    private static func name(_ controller: any Controller) -> String {
        (controller as? ScenarioViewController)?.name ?? "?"
    }
}
#endif
