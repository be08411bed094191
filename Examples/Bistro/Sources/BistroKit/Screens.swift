import Brigade

/// A terminal screen: a title and lines of text, which its presenter keeps up to date. The terminal renderer draws
/// the navigator's top screen after each command.
@MainActor
public final class TextScreen: Controller {
    /// What Brigade keeps with the screen.
    public var attachments = ControllerAttachments()
    /// The screen's text, title first.
    public private(set) var lines: [String] = []

    /// Creates an empty screen.
    public init() {}

    /// Shows `lines`.
    func show(_ lines: [String]) {
        self.lines = lines
    }
}

/// Binds a screen to the store: the screen's text is made from the state and redrawn when it changes, while the
/// screen is visible.
@MainActor
final class ScreenPresenter: Presenter {
    private let binding: ViewModelBinding<[String]>

    init(store: Store<BistroState>, screen: TextScreen, render: @escaping (BistroState) -> [String]) {
        binding = ViewModelBinding(store: store, map: render) { [weak screen] in screen?.show($0) }
    }

    func addPresentationLogic(routeResult: RouteResult, controller: any Controller) throws {}

    func lifecycleEvent(_ event: LifecycleEvent, controller: any Controller) {
        binding.lifecycleEvent(event)
    }
}

/// The texts of the screens, in the state's language.
@MainActor
struct Texts {
    let sommelier: Translations
    let menu: Menu

    func text(_ key: String, _ state: BistroState, _ arguments: any CustomStringConvertible...) -> String {
        sommelier.text(key, language: state.language, arguments: arguments)
    }

    func title(_ key: String, _ state: BistroState, _ arguments: any CustomStringConvertible...) -> String {
        "== " + sommelier.text(key, language: state.language, arguments: arguments) + " =="
    }

    func price(_ cents: Int, _ state: BistroState) -> String {
        let remainder = cents % 100
        return text("price.format", state, cents / 100, remainder < 10 ? "0\(remainder)" : "\(remainder)")
    }

    func name(of dish: String, _ state: BistroState) -> String {
        text("dish.\(dish)", state)
    }

    func total(of lines: [OrderLine]) -> Int {
        lines.reduce(0) { $0 + (menu.dish($1.dish)?.price ?? 0) * $1.quantity }
    }

    /// `text` padded with spaces to `width` characters.
    func padded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    func orderLines(_ lines: [OrderLine], _ state: BistroState) -> [String] {
        lines.map { line in
            let name = padded(name(of: line.dish, state), 26)
            let cost = price((menu.dish(line.dish)?.price ?? 0) * line.quantity, state)
            return "  \(line.quantity) × \(name) \(cost)"
        }
    }
}
