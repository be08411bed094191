import Brigade
import BrigadeInspector
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
    let sommelier: Translations
    let menu: Menu
    private let archive: SQLiteStore?
    /// Every action the store processed, for `log` and `log export FILE`.
    let log = ActionLog()
    /// The action types a log may contain, for export and `--replay`.
    let registry = BistroSession.makeRegistry()
    /// The `--trace` lines; `nil` without `--trace`.
    private let tracer: Tracer?
    /// The inspector sending this session to `brigade-tool inspect` (`--inspect`), or `nil`.
    public private(set) var inspector: Inspector?
    /// Where the screens shown are saved after each command and restored from at launch; `nil` when the data
    /// directory cannot be used.
    private let navigationFile: URL?

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

    /// One service of the Bistro's kitchen: its name, and how it is registered (with the dependencies it declares).
    public struct Service: Sendable {
        /// The service's type name.
        public let name: String
        /// Registers the service in a kitchen.
        public let register: @MainActor @Sendable (Kitchen) throws -> Void

        /// A service named `name`, registered by `register`.
        public init(name: String, register: @escaping @MainActor @Sendable (Kitchen) throws -> Void) {
            self.name = name
            self.register = register
        }
    }

    /// The Bistro's services, as the session registers them, each declaring the services it resolves: a debug build
    /// verifies the graph at launch (`BrigadeApp.verify()`).
    /// - Parameters:
    ///   - translations: The texts.
    ///   - specialsURL: The specials API, if any: then an `APIClient` and the `SpecialsService` on it.
    ///   - archive: The orders' store, if the data directory could be used.
    public static func services(
        translations: Translations, specialsURL: URL?, archive: SQLiteStore?
    ) -> [Service] {
        var services = [
            Service(name: "Translations") { kitchen in
                try kitchen.register(Translations.self, dependsOn: []) { _ in translations }
            }
        ]
        if let url = specialsURL {
            services.append(
                Service(name: "APIClient") { kitchen in
                    try kitchen.register(APIClient.self, dependsOn: []) { _ in
                        APIClient(defaultTimeout: .seconds(5), retryPolicy: .never)
                    }
                })
            services.append(
                Service(name: "SpecialsService") { kitchen in
                    try kitchen.register(SpecialsService.self, dependsOn: [APIClient.self]) {
                        SpecialsService(client: try $0.resolve(APIClient.self), url: url)
                    }
                })
        }
        if let archive {
            services.append(
                Service(name: "SQLiteStore") { kitchen in
                    try kitchen.register(SQLiteStore.self, dependsOn: []) { _ in archive }
                })
        }
        return services
    }

    /// Composes the app: texts and menu from the bundled JSON, the kitchen's services, the features, and the orders
    /// stored by earlier runs.
    /// - Parameter navigator: The front end's navigator (the same features run on any); a new
    ///   ``HeadlessNavigator`` when `nil`. The session holds it.
    /// - Throws: A ``BundledResourcesError`` when the bundled files cannot be read.
    public init(options: BistroOptions, navigator: (any Navigator)? = nil) async throws {
        self.navigator = navigator ?? HeadlessNavigator()
        let larder = BundledResources(bundle: .module, subdirectory: "Resources")
        menu = try larder.decode(Menu.self, named: "menu")
        let table = try Self.texts(from: larder)
        sommelier = Translations(table: table, defaultLanguage: "en", log: { _ in })
        let kitchen = Kitchen()
        var notices: [String] = []
        var opened: SQLiteStore?
        do {
            try FileManager.default.createDirectory(at: options.dataDirectory, withIntermediateDirectories: true)
            opened = try SQLiteStore(path: options.dataDirectory.appendingPathComponent("orders.sqlite").path)
        } catch {
            notices.append(
                "warning: cannot use data directory '\(options.dataDirectory.path)': \(Self.describe(error)) — "
                    + "orders will not be saved")
        }
        for service in Self.services(translations: sommelier, specialsURL: options.specialsURL, archive: opened) {
            try service.register(kitchen)
        }
        if let store = opened {
            archive = store
            navigationFile = Self.navigationFile(in: options.dataDirectory)
        } else {
            archive = nil
            navigationFile = nil
        }

        let tracer = options.trace ? Tracer() : nil
        self.tracer = tracer
        let store = Store(
            initialState: BistroState(), middleware: [log.middleware()] + (tracer.map { [$0.middleware()] } ?? []))
        log.attach(to: store)
        if let tracer {
            store.addDiagnosticHandler { tracer.record($0) }
        }
        app = BrigadeApp(redux: Redux(store: store), kitchen: kitchen, navigator: self.navigator)
        if let address = options.inspect {
            // One line attaches the store, the kitchen and the screens; it connects in the background and keeps
            // trying, so the tool may start before or after the Bistro.
            inspector = app.inspect(
                name: "Bistro", navigator: self.navigator as? HeadlessNavigator, host: address.host, port: address.port)
            if options.specialsURL != nil, let client = try? kitchen.resolve(APIClient.self) {
                inspector?.attach(to: client)  // its calls in the same timeline; header values and bodies left out
            }
            notices.append("inspecting: sending to brigade-tool inspect at \(address.host):\(address.port)")
        }
        self.notices = notices
        let context = ScreenContext(store: store, texts: Texts(sommelier: sommelier, menu: menu))
        let features: [any Feature] = [
            MenuScreenFeature("/menu", context: context),
            DishScreenFeature("/menu/:dish", context: context),
            OrderScreenFeature("/order", context: context),
            OrdersScreenFeature("/orders", context: context),
            OrderDetailScreenFeature("/orders/:id", context: context),
            SpecialsScreenFeature(context: context),
            try LanguageFeature(context: context, wireframe: app.wireframe),
        ]
        for feature in features {
            try app.add(feature: feature)
        }
        kitchen.seal()
        #if DEBUG
        // Every feature installed and the kitchen's declared graph sound, before the first screen.
        try app.verify()
        #endif
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
        await restoreScreens()
        if let path = options.replayPath {
            try replay(path)
        }
        tracer?.recordStack(of: self.navigator)
    }

    /// The file in `directory` where a session saves the screens it shows (its navigation state, as links) after
    /// each command, and restores them from at the next launch.
    public nonisolated static func navigationFile(in directory: URL) -> URL {
        directory.appendingPathComponent("navigation.json")
    }

    /// Shows the screens the last run saved, over the menu; a file that cannot be read or restored is reported in
    /// ``notices`` and the menu stays.
    private func restoreScreens() async {
        guard let navigationFile, FileManager.default.fileExists(atPath: navigationFile.path) else { return }
        do {
            let state = try JSONDecoder().decode(NavigationState.self, from: Data(contentsOf: navigationFile))
            try await app.wireframe.route(state: state)
        } catch {
            notices.append("warning: cannot restore the screens of the last run: \(Self.describe(error))")
        }
    }

    /// Saves the screens shown to ``navigationFile(in:)``, atomically; a failure is reported in ``notices`` once.
    private func saveScreens() {
        guard let navigationFile else { return }
        do {
            let data = try JSONEncoder().encode(app.wireframe.navigationState())
            try data.write(to: navigationFile, options: .atomic)
        } catch {
            let notice = "warning: cannot save the screens: \(Self.describe(error))"
            if !notices.contains(notice) {
                notices.append(notice)
            }
        }
    }

    /// The store.
    public var store: Store<BistroState> { app.store }

    /// Adds `notice` to the start-up messages.
    func addNotice(_ notice: String) {
        notices.append(notice)
    }

    /// The lines of the screen on top.
    public var screen: [String] {
        (navigator.topController as? TextScreen)?.lines ?? []
    }

    /// The `--trace` lines recorded since the last call (the start-up's, then each command's); empty without
    /// `--trace`.
    public func takeTrace() -> [TraceLine] {
        tracer?.take() ?? []
    }

    /// Runs one command line.
    public func execute(_ line: String) async -> Outcome {
        let outcome = await run(line)
        tracer?.recordStack(of: navigator)
        saveScreens()
        return outcome
    }

    private func run(_ line: String) async -> Outcome {
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let command = words.first?.lowercased() else { return .screen(screen) }
        let arguments = Array(words.dropFirst())
        do {
            switch command {
            case "open":
                guard arguments.count == 1 else { return .error(text("error.usage.open")) }
                try await open(arguments[0])
            case "back":
                guard navigator.stack.count > 1 else { return .error(text("error.nothingBack")) }
                try await app.wireframe.popController(animated: false)
            case "add":
                let confirmation = try add(arguments)
                await store.effectsFinished()
                return .screen(screen + ["", confirmation])
            case "remove":
                guard arguments.count == 1 else { return .error(text("error.usage.remove")) }
                guard store.currentState.order.contains(where: { $0.dish == arguments[0] }) else {
                    return .error(text("error.notInOrder", arguments[0]))
                }
                store.dispatch(RemoveDish(dish: arguments[0]))
            case "place":
                try await place()
            case "undo":
                guard store.history.canUndo.value else { return .error(text("error.nothingUndo")) }
                store.dispatch(.undo)
            case "redo":
                guard store.history.canRedo.value else { return .error(text("error.nothingRedo")) }
                store.dispatch(.redo)
            case "lang":
                guard arguments.count == 1 else { return .error(text("error.usage.lang")) }
                try await app.wireframe.route(to: "/settings/language/\(arguments[0])")
            case "log":
                return try showLog(arguments)
            case "state":
                return .text(stateJSON())
            case "help":
                return .text(text("help.commands"))
            case "quit", "exit":
                return .quit
            default:
                return .error(text("error.unknownCommand", command))
            }
        } catch {
            return .error(message(for: error))
        }
        await store.effectsFinished()
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

    /// Adds the dish; returns the confirmation to show.
    private func add(_ arguments: [String]) throws -> String {
        guard (1...2).contains(arguments.count) else { throw CommandError(text("error.usage.add")) }
        let dish = arguments[0]
        guard menu.dish(dish) != nil else { throw BistroError.unknownDish(dish) }
        var quantity = 1
        if arguments.count == 2 {
            guard let number = Int(arguments[1]), (1...99).contains(number) else {
                throw CommandError(text("error.quantity", arguments[1]))
            }
            quantity = number
        }
        store.dispatch(AddDish(dish: dish, quantity: quantity))
        let state = store.currentState
        let texts = Texts(sommelier: sommelier, menu: menu)
        return text(
            "confirm.added", quantity, texts.name(of: dish, state), state.order.reduce(0) { $0 + $1.quantity },
            texts.price(texts.total(of: state.order), state))
    }

    private func place() async throws {
        let state = store.currentState
        guard !state.order.isEmpty else { throw CommandError(text("error.emptyOrder")) }
        guard let archive else {
            throw CommandError(text("error.noDataDirectory"))
        }
        let total = state.order.reduce(0) { $0 + (menu.dish($1.dish)?.price ?? 0) * $1.quantity }
        let order = PlacedOrder(id: state.nextOrderNumber, lines: state.order, total: total)
        do {
            try await archive.persist(order)
        } catch {
            throw CommandError(text("error.saveFailed", message(for: error)))
        }
        store.dispatch(OrderPlaced(order: order))
        store.history.clear()
        try await app.wireframe.route(to: "/orders/\(order.id)", option: .push.animated(false))
    }

    static func describe(_ error: any Error) -> String {
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
