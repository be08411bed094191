// BrigadeUIKit's delegate methods, named with their full types, as `scripts/check-apple-stand-ins` compiles them:
// UIKit's delegate requirements are `@objc optional`, so a method whose signature drifts from UIKit's is silently a
// method UIKit never calls. Naming each with the type of UIKit's requirement fails the check instead. Add a line here
// for each delegate method BrigadeUIKit implements.
import BrigadeUIKit
import UIKit

// BrigadeNavigationController implements no delegate method today: the navigation controller's `delegate` and the
// presentation delegates of presented screens stay the app's (the navigator reads what UIKit shows instead).

@MainActor
func brigadeViewControllerOverridesTheLifecycleMethods(_ screen: BrigadeViewController) {
    // `override` already proves these match UIViewController's; naming them keeps them public API.
    let methods: [(Bool) -> Void] = [
        screen.viewWillAppear(_:), screen.viewDidAppear(_:), screen.viewWillDisappear(_:), screen.viewDidDisappear(_:),
    ]
    let load: () -> Void = screen.viewDidLoad
    _ = (methods, load)
}
