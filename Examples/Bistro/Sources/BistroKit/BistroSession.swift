import Brigade
import Foundation

/// One run of the Bistro: the app composed from its features, and the commands a guest types.
///
/// ```swift
/// let session = try await BistroSession(options: options)
/// let output = await session.execute("add soup 2")
/// ```
@MainActor
public final class BistroSession {
    /// The app: store, wireframe and kitchen.
    public let app: BrigadeApp<BistroState>
    /// The navigator the screens are shown on: a ``HeadlessNavigator`` for the terminal, or another front end's.
    public let navigator: any Navigator
    /// Messages from start-up, such as a data directory that cannot be used.
    public private(set) var notices: [String] = []
    private let sommelier: Sommelier
    private let menu: Menu
    private let work = PendingWork()
    private let archive: SQLiteStore?

    /// What a command produced.
    public enum Outcome: Equatable, Sendable {
        /// The screen after the command, or an informational text.
        case screen([String])
        /// A one-line error; nothing changed.
        case error(String)
        /// Text to show, such as the help.
        case text(String)
        /// The guest left.
        case quit
    }

    /// Composes the app: texts and menu from the bundled JSON, the kitchen's services, the features, and the orders
    /// stored by earlier runs.
    /// - Parameter navigator: The front end's navigator (the same features run on any); a new
    ///   ``HeadlessNavigator`` when `nil`. The session holds it.
    /// - Throws: A ``LarderError`` when the bundled files cannot be read.
    public init(options: BistroOptions, navigator: (any Navigator)? = nil) async throws {
        self.navigator = navigator ?? HeadlessNavigator()
        let resources = Bundle.module.url(forResource: "menu", withExtension: "json", subdirectory: "Resources")
        let larder =
            resources.map { Larder(directory: $0.deletingLastPathComponent()) }
            ?? Larder(bundle: .module, subdirectory: "Resources")
        menu = try larder.decode(Menu.self, named: "menu")
        let table = try TextTable.load(from: larder, named: "copy")
        sommelier = Sommelier(table: table, defaultLanguage: "en", log: { _ in })
        let kitchen = Kitchen()
        try kitchen.register(Sommelier.self) { [sommelier] _ in sommelier }
        if let url = options.specialsURL {
            try kitchen.register(APIClient.self) { _ in
                APIClient(defaultTimeout: .seconds(5), retryPolicy: .never)
            }
            try kitchen.register(SpecialsService.self) {
                SpecialsService(client: try $0.resolve(APIClient.self), url: url)
            }
        }
        var notices: [String] = []
        do {
            try FileManager.default.createDirectory(at: options.dataDirectory, withIntermediateDirectories: true)
            let store = try SQLiteStore(path: options.dataDirectory.appendingPathComponent("orders.sqlite").path)
            try kitchen.register(SQLiteStore.self) { _ in store }
            archive = store
        } catch {
            archive = nil
            notices.append(
                "warning: cannot use data directory '\(options.dataDirectory.path)': \(Self.describe(error)) — "
                    + "orders will not be saved")
        }
        self.notices = notices

        let store = Store(initialState: BistroState())
        app = BrigadeApp(redux: Redux(store: store), kitchen: kitchen, navigator: self.navigator)
        let context = ScreenContext(store: store, texts: Texts(sommelier: sommelier, menu: menu))
        let features: [any Feature] = [
            MenuScreenFeature("/menu", context: context),
            DishScreenFeature("/menu/:dish", context: context),
            OrderScreenFeature("/order", context: context),
            OrdersScreenFeature("/orders", context: context),
            OrderDetailScreenFeature("/orders/:id", context: context),
            SpecialsScreenFeature(context: context, work: work),
            try LanguageFeature(context: context, wireframe: app.wireframe),
        ]
        for feature in features {
            try app.add(feature: feature)
        }
        kitchen.seal()
        if let archive {
            do {
                store.dispatch(OrdersLoaded(orders: try await archive.getAll(PlacedOrder.self)))
            } catch {
                self.notices.append("warning: cannot read the stored orders: \(Self.describe(error))")
            }
        }
        if options.language != "en" {
            try await app.wireframe.route(to: "/settings/language/\(options.language)")
        }
        try await app.wireframe.route(to: "/menu", option: .root.animated(false))
    }

    /// The store.
    public var store: Store<BistroState> { app.store }

    /// The lines of the screen on top.
    public var screen: [String] {
        (navigator.topController as? TextScreen)?.lines ?? []
    }

    /// Runs one command line.
    public func execute(_ line: String) async -> Outcome {
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let command = words.first?.lowercased() else { return .screen(screen) }
        let arguments = Array(words.dropFirst())
        do {
            switch command {
            case "open":
                guard arguments.count == 1 else { return .error("usage: open <path | bistro://url>") }
                try await open(arguments[0])
            case "back":
                guard navigator.stack.count > 1 else { return .error("nothing to go back to") }
                try await app.wireframe.popController(animated: false)
            case "add":
                try add(arguments)
            case "remove":
                guard arguments.count == 1 else { return .error("usage: remove <dish>") }
                guard store.currentState.order.contains(where: { $0.dish == arguments[0] }) else {
                    return .error("'\(arguments[0])' is not in the order")
                }
                store.dispatch(RemoveDish(dish: arguments[0]))
            case "place":
                try await place()
            case "undo":
                guard store.history.canUndo.value else { return .error("nothing to undo") }
                store.dispatch(Undo())
            case "redo":
                guard store.history.canRedo.value else { return .error("nothing to redo") }
                store.dispatch(Redo())
            case "lang":
                guard arguments.count == 1 else { return .error("usage: lang <code>") }
                try await app.wireframe.route(to: "/settings/language/\(arguments[0])")
            case "help":
                return .text(BistroOptions.help.components(separatedBy: "COMMANDS:\n").last ?? BistroOptions.help)
            case "quit", "exit":
                return .quit
            default:
                return .error("unknown command '\(command)' (type help)")
            }
        } catch {
            return .error(Self.describe(error))
        }
        await work.finish()
        return .screen(screen)
    }

    private func open(_ target: String) async throws {
        let text = target.hasPrefix("/") || target.contains("://") ? target : "/" + target
        guard let url = URL(string: text) else { throw WireframeError.invalidURL(text) }
        guard app.wireframe.canRoute(url: url) else {
            throw WireframeError.noRoute(url: url)
        }
        let pattern = try app.wireframe.routeResult(url: url).routePattern
        let option: RoutingOption = pattern == "/menu" ? .root.animated(false) : .push.animated(false)
        try await app.wireframe.route(url: url, option: option)
    }

    private func add(_ arguments: [String]) throws {
        guard (1...2).contains(arguments.count) else { throw CommandError("usage: add <dish> [qty]") }
        let dish = arguments[0]
        guard menu.dish(dish) != nil else { throw BistroError.unknownDish(dish) }
        var quantity = 1
        if arguments.count == 2 {
            guard let number = Int(arguments[1]), (1...99).contains(number) else {
                throw CommandError("invalid quantity '\(arguments[1])': use a whole number from 1 to 99")
            }
            quantity = number
        }
        store.dispatch(AddDish(dish: dish, quantity: quantity))
    }

    private func place() async throws {
        let state = store.currentState
        guard !state.order.isEmpty else { throw CommandError("the order is empty; add a dish first") }
        guard let archive else {
            throw CommandError("cannot place the order: the data directory cannot be used")
        }
        let total = state.order.reduce(0) { $0 + (menu.dish($1.dish)?.price ?? 0) * $1.quantity }
        let order = PlacedOrder(id: state.nextOrderNumber, lines: state.order, total: total)
        do {
            try await archive.persist(order)
        } catch {
            throw CommandError("cannot save the order: \(Self.describe(error))")
        }
        store.dispatch(OrderPlaced(order: order))
        store.history.clear()
        try await app.wireframe.route(to: "/orders/\(order.id)", option: .push.animated(false))
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case WireframeError.noRoute(let url): return "no screen at '\(url.absoluteString)' (type help)"
        case WireframeError.routingFailed(_, let underlying): return describe(underlying)
        default: return "\(error)"
        }
    }
}

/// A command that cannot run, with the reason to show.
struct CommandError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
