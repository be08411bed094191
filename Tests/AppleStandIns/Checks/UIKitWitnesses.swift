// BrigadeUIKit's delegate methods, named with their full types, as `scripts/check-apple-stand-ins` compiles them:
// UIKit's delegate requirements are `@objc optional`, so a method whose signature drifts from UIKit's is silently a
// method UIKit never calls. Naming each with the type of UIKit's requirement fails the check instead. Add a line here
// for each delegate method BrigadeUIKit implements.
import BrigadeUIKit
import UIKit

@MainActor
func brigadeNavigationControllerImplementsItsDelegateMethods(_ host: BrigadeNavigationController) {
    // UINavigationControllerDelegate
    let didShow: (UINavigationController, UIViewController, Bool) -> Void = host.navigationController(
        _:didShow:animated:)
    // UIAdaptivePresentationControllerDelegate
    let didDismiss: (UIPresentationController) -> Void = host.presentationControllerDidDismiss(_:)
    _ = (didShow, didDismiss)
}

@MainActor
func brigadeViewControllerOverridesTheLifecycleMethods(_ screen: BrigadeViewController) {
    // `override` already proves these match UIViewController's; naming them keeps them public API.
    let methods: [(Bool) -> Void] = [
        screen.viewWillAppear(_:), screen.viewDidAppear(_:), screen.viewWillDisappear(_:), screen.viewDidDisappear(_:),
    ]
    let load: () -> Void = screen.viewDidLoad
    _ = (methods, load)
}
