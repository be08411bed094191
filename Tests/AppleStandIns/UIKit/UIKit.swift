// A signature stand-in for UIKit: the declarations Brigade's Apple-only code and guides use, with the shape Swift
// imports them in (Xcode 26 SDK), so `scripts/check-apple-stand-ins` can type-check that code on Linux. Never linked
// or run: bodies only satisfy the compiler. Each declaration names the Apple documentation page it follows.
// Private stored properties and helpers without a page are the stand-in's own plumbing, not Apple API.
//
// How the Objective-C import is mirrored:
// - UIKit classes and protocols are `@MainActor` (NS_SWIFT_UI_ACTOR), as Apple's pages show them: not
//   `@preconcurrency`, so a use from outside the main actor is an error in Swift 6 mode, as it is against UIKit.
// - Completion blocks are optional, non-Sendable, non-isolated closures with a `nil` default: `(() -> Void)? = nil`.
// - Methods that return a value are `@discardableResult`, as imported Objective-C methods are.
// - `@objc optional` protocol requirements cannot be declared outside Objective-C: here they are requirements with a
//   default implementation, marked deprecated. A conformer's method with the exact signature is the witness; a
//   conformer that lacks it gets a deprecation warning at its conformance (the script keeps that one a warning), and
//   code that names the method on the conformer gets a deprecation error: Checks/UIKitWitnesses.swift names
//   Brigade's delegate methods that way, so one whose signature drifts from UIKit's fails the check instead of
//   silently becoming a method UIKit never calls.
// - Nothing used is above Brigade's floor (iOS 16), so no declaration carries `@available`.
@_exported import Foundation

// MARK: - Responders, views, windows

/// https://developer.apple.com/documentation/uikit/uiresponder
@MainActor
open class UIResponder: NSObject {
    /// https://developer.apple.com/documentation/uikit/uiresponder/init()
    override public init() {}

    /// https://developer.apple.com/documentation/uikit/uiresponder (NSCoding's `init(coder:)`)
    public required init?(coder: NSCoder) {}
}

/// https://developer.apple.com/documentation/uikit/uiview
@MainActor
open class UIView: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiview/window
    open var window: UIWindow? { nil }
}

/// https://developer.apple.com/documentation/uikit/uiwindow
@MainActor
open class UIWindow: UIView {
    /// https://developer.apple.com/documentation/uikit/uiwindow/init(windowscene:)
    public init(windowScene: UIWindowScene) { super.init() }

    /// https://developer.apple.com/documentation/uikit/uiresponder (NSCoding's `init(coder:)`)
    public required init?(coder: NSCoder) { super.init() }

    /// https://developer.apple.com/documentation/uikit/uiwindow/rootviewcontroller
    open var rootViewController: UIViewController?

    /// https://developer.apple.com/documentation/uikit/uiwindow/makekeyandvisible()
    open func makeKeyAndVisible() {}
}

// MARK: - View controllers

/// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle
public enum UIModalPresentationStyle: Int, Sendable {
    /// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/fullscreen
    case fullScreen = 0
    /// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/pagesheet
    case pageSheet = 1
    /// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/formsheet
    case formSheet = 2
    /// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/currentcontext
    case currentContext = 3
    /// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/custom
    case custom = 4
    /// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/overfullscreen
    case overFullScreen = 5
    /// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/overcurrentcontext
    case overCurrentContext = 6
    /// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/popover
    case popover = 7
    /// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/none
    case none = -1
    /// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/automatic
    case automatic = -2
}

/// https://developer.apple.com/documentation/uikit/uiviewcontroller
@MainActor
open class UIViewController: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:)
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }

    /// `UIViewController()`: NSObject's `init()`, which UIKit routes to `init(nibName: nil, bundle: nil)`.
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:)
    override public init() { super.init() }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(coder:)
    public required init?(coder: NSCoder) { super.init() }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/title
    open var title: String?

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/view
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    open var view: UIView! = UIView()

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewifloaded
    open var viewIfLoaded: UIView? { nil }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/isviewloaded
    open var isViewLoaded: Bool { false }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidload()
    open func viewDidLoad() {}

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewwillappear(_:)
    open func viewWillAppear(_ animated: Bool) {}

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidappear(_:)
    open func viewDidAppear(_ animated: Bool) {}

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewwilldisappear(_:)
    open func viewWillDisappear(_ animated: Bool) {}

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdiddisappear(_:)
    open func viewDidDisappear(_ animated: Bool) {}

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/ismovingfromparent
    open var isMovingFromParent: Bool { false }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/ismovingtoparent
    open var isMovingToParent: Bool { false }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/isbeingpresented
    open var isBeingPresented: Bool { false }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/isbeingdismissed
    open var isBeingDismissed: Bool { false }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/navigationcontroller
    open var navigationController: UINavigationController? { nil }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/parent
    open var parent: UIViewController? { nil }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/presentedviewcontroller
    open var presentedViewController: UIViewController? { nil }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/presentingviewcontroller
    open var presentingViewController: UIViewController? { nil }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/presentationcontroller
    open var presentationController: UIPresentationController? { nil }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/modalpresentationstyle
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/ismodalinpresentation
    open var isModalInPresentation = false

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/transitioncoordinator
    open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { nil }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:)
    open func present(
        _ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil
    ) {}

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:)
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}
}

/// https://developer.apple.com/documentation/uikit/uinavigationcontroller
@MainActor
open class UINavigationController: UIViewController {
    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/init(rootviewcontroller:)
    public init(rootViewController: UIViewController) { super.init() }

    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/init(nibname:bundle:)
    override public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }

    /// `UINavigationController()`: NSObject's `init()`.
    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller
    override public init() { super.init() }

    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/init(coder:)
    public required init?(coder aDecoder: NSCoder) { super.init() }

    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/viewcontrollers
    open var viewControllers: [UIViewController] = []

    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/topviewcontroller
    open var topViewController: UIViewController? { nil }

    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/visibleviewcontroller
    open var visibleViewController: UIViewController? { nil }

    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/delegate
    weak open var delegate: (any UINavigationControllerDelegate)?

    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/setviewcontrollers(_:animated:)
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {}

    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/pushviewcontroller(_:animated:)
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {}

    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/popviewcontroller(animated:)
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? { nil }

    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/poptoviewcontroller(_:animated:)
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? { nil }

    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/poptorootviewcontroller(animated:)
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? { nil }
}

/// https://developer.apple.com/documentation/uikit/uinavigationcontrollerdelegate
@MainActor
public protocol UINavigationControllerDelegate: NSObjectProtocol {
    /// Optional in UIKit.
    /// https://developer.apple.com/documentation/uikit/uinavigationcontrollerdelegate/navigationcontroller(_:willshow:animated:)
    func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)

    /// Optional in UIKit.
    /// https://developer.apple.com/documentation/uikit/uinavigationcontrollerdelegate/navigationcontroller(_:didshow:animated:)
    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

extension UINavigationControllerDelegate {
    /// The stand-in for an unimplemented optional requirement.
    @available(*, deprecated, message: "optional in UIKit, and this conformer does not implement it")
    public func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
    ) {}

    /// The stand-in for an unimplemented optional requirement.
    @available(*, deprecated, message: "optional in UIKit, and this conformer does not implement it")
    public func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {}
}

// MARK: - Presentations and transitions

/// https://developer.apple.com/documentation/uikit/uipresentationcontroller
@MainActor
open class UIPresentationController: NSObject {
    /// https://developer.apple.com/documentation/uikit/uipresentationcontroller/init(presentedviewcontroller:presenting:)
    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedViewController = presentedViewController
        self.presentingViewController = presentingViewController ?? presentedViewController
    }

    /// https://developer.apple.com/documentation/uikit/uipresentationcontroller/presentedviewcontroller
    public let presentedViewController: UIViewController

    /// https://developer.apple.com/documentation/uikit/uipresentationcontroller/presentingviewcontroller
    public let presentingViewController: UIViewController

    /// https://developer.apple.com/documentation/uikit/uipresentationcontroller/delegate
    weak open var delegate: (any UIAdaptivePresentationControllerDelegate)?

    /// https://developer.apple.com/documentation/uikit/uipresentationcontroller/presentationstyle
    open var presentationStyle: UIModalPresentationStyle { .automatic }
}

/// https://developer.apple.com/documentation/uikit/uiadaptivepresentationcontrollerdelegate
@MainActor
public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
    /// Optional in UIKit.
    /// https://developer.apple.com/documentation/uikit/uiadaptivepresentationcontrollerdelegate/presentationcontrollershoulddismiss(_:)
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool

    /// Optional in UIKit.
    /// https://developer.apple.com/documentation/uikit/uiadaptivepresentationcontrollerdelegate/presentationcontrollerwilldismiss(_:)
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController)

    /// Optional in UIKit.
    /// https://developer.apple.com/documentation/uikit/uiadaptivepresentationcontrollerdelegate/presentationcontrollerdiddismiss(_:)
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)

    /// Optional in UIKit.
    /// https://developer.apple.com/documentation/uikit/uiadaptivepresentationcontrollerdelegate/presentationcontrollerdidattempttodismiss(_:)
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
    /// The stand-in for an unimplemented optional requirement (UIKit then allows the dismissal).
    @available(*, deprecated, message: "optional in UIKit, and this conformer does not implement it")
    public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
        true
    }

    /// The stand-in for an unimplemented optional requirement.
    @available(*, deprecated, message: "optional in UIKit, and this conformer does not implement it")
    public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {}

    /// The stand-in for an unimplemented optional requirement.
    @available(*, deprecated, message: "optional in UIKit, and this conformer does not implement it")
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}

    /// The stand-in for an unimplemented optional requirement.
    @available(*, deprecated, message: "optional in UIKit, and this conformer does not implement it")
    public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {}
}

/// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinatorcontext
@MainActor
public protocol UIViewControllerTransitionCoordinatorContext: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinatorcontext/isanimated
    var isAnimated: Bool { get }

    /// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinatorcontext/presentationstyle
    var presentationStyle: UIModalPresentationStyle { get }

    /// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinatorcontext/initiallyinteractive
    var initiallyInteractive: Bool { get }

    /// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinatorcontext/isinteractive
    var isInteractive: Bool { get }

    /// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinatorcontext/iscancelled
    var isCancelled: Bool { get }

    /// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinatorcontext/viewcontroller(forkey:)
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
}

/// https://developer.apple.com/documentation/uikit/uitransitioncontextviewcontrollerkey
public struct UITransitionContextViewControllerKey: Hashable, RawRepresentable, Sendable {
    /// The key's string.
    public var rawValue: String

    /// https://developer.apple.com/documentation/uikit/uitransitioncontextviewcontrollerkey/init(rawvalue:)
    public init(rawValue: String) { self.rawValue = rawValue }

    /// https://developer.apple.com/documentation/uikit/uitransitioncontextviewcontrollerkey/from
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey")

    /// https://developer.apple.com/documentation/uikit/uitransitioncontextviewcontrollerkey/to
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewControllerKey")
}

/// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinator
@MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinator/animate(alongsidetransition:completion:)
    @discardableResult
    func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool

    /// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinator/notifywheninteractionchanges(_:)
    func notifyWhenInteractionChanges(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void)
}

extension UIViewControllerTransitionCoordinator {
    /// The `completion: … = nil` default of the imported method.
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinator/animate(alongsidetransition:completion:)
    @discardableResult
    public func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        animate(alongsideTransition: animation, completion: nil)
    }
}

// MARK: - Scenes

/// https://developer.apple.com/documentation/uikit/uiscene
@MainActor
open class UIScene: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiscene/connectionoptions
    @MainActor
    open class ConnectionOptions: NSObject {
        /// https://developer.apple.com/documentation/uikit/uiscene/connectionoptions/urlcontexts
        open var urlContexts: Set<UIOpenURLContext> { [] }
    }

    /// https://developer.apple.com/documentation/uikit/uiscene/session
    open var session: UISceneSession { UISceneSession() }

    /// https://developer.apple.com/documentation/uikit/uiscene/delegate
    open var delegate: (any UISceneDelegate)?
}

/// https://developer.apple.com/documentation/uikit/uiwindowscene
@MainActor
open class UIWindowScene: UIScene {
    /// https://developer.apple.com/documentation/uikit/uiwindowscene/windows
    open var windows: [UIWindow] { [] }
}

/// https://developer.apple.com/documentation/uikit/uiscenesession
@MainActor
open class UISceneSession: NSObject {}

/// https://developer.apple.com/documentation/uikit/uiopenurlcontext
@MainActor
open class UIOpenURLContext: NSObject {
    /// https://developer.apple.com/documentation/uikit/uiopenurlcontext/url
    open var url: URL { URL(fileURLWithPath: "/") }
}

/// https://developer.apple.com/documentation/uikit/uiscenedelegate
@MainActor
public protocol UISceneDelegate: NSObjectProtocol {
    /// Optional in UIKit.
    /// https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:willconnectto:options:)
    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)

    /// Optional in UIKit.
    /// https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:openurlcontexts:)
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
}

extension UISceneDelegate {
    /// The stand-in for an unimplemented optional requirement.
    @available(*, deprecated, message: "optional in UIKit, and this conformer does not implement it")
    public func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {}

    /// The stand-in for an unimplemented optional requirement.
    @available(*, deprecated, message: "optional in UIKit, and this conformer does not implement it")
    public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
}

/// https://developer.apple.com/documentation/uikit/uiwindowscenedelegate
@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    /// Optional in UIKit.
    /// https://developer.apple.com/documentation/uikit/uiwindowscenedelegate/window
    var window: UIWindow? { get set }
}

extension UIWindowSceneDelegate {
    /// The stand-in for an unimplemented optional requirement.
    @available(*, deprecated, message: "optional in UIKit, and this conformer does not implement it")
    public var window: UIWindow? {
        get { nil }
        set {}
    }
}
