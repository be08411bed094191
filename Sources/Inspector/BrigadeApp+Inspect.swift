import BrigadeComposition
import BrigadeWireframe

extension BrigadeApp where State: Codable {
    /// Attaches an ``BrigadeInspector/Inspector`` to the app's store, kitchen and (given its navigator) screens, and
    /// connects it to `brigade-tool inspect`, in one line; keep the inspector as long as you inspect.
    ///
    /// ```swift
    /// #if DEBUG
    /// let inspector = app.inspect(name: "Bistro", navigator: navigator)
    /// #endif
    /// ```
    /// - Parameters:
    ///   - name: The app's name on the page.
    ///   - navigator: The navigator the app shows its screens on (`HeadlessNavigator`, `ObservableNavigator`,
    ///     `HostNavigator`), to record and restore them; `nil` records none.
    ///   - host: Where the tool runs: `127.0.0.1` on the same machine, the Mac's address for an iPhone.
    ///   - port: The tool's port for apps.
    ///   - ringSize: How many events and states to keep.
    /// - Returns: The inspector, connecting in the background.
    public func inspect(
        name: String = "app",
        navigator: (any ChangeReportingNavigator)? = nil,
        host: String = "127.0.0.1",
        port: UInt16 = Inspector.defaultPort,
        ringSize: Int = Inspector.defaultRingSize
    ) -> Inspector {
        makeInspector(name: name, navigator: navigator, host: host, port: port, ringSize: ringSize) {
            $0.attach(to: store)
        }
    }
}

extension BrigadeApp {
    /// Attaches an ``BrigadeInspector/Inspector`` to an app whose state is not `Codable`: the page shows the actions
    /// and a description of each state, without diffs. See the `Codable` state's
    /// `inspect(name:navigator:host:port:ringSize:)`.
    public func inspect(
        name: String = "app",
        navigator: (any ChangeReportingNavigator)? = nil,
        host: String = "127.0.0.1",
        port: UInt16 = Inspector.defaultPort,
        ringSize: Int = Inspector.defaultRingSize
    ) -> Inspector {
        makeInspector(name: name, navigator: navigator, host: host, port: port, ringSize: ringSize) {
            $0.attach(to: store)
        }
    }

    /// An inspector attached by `attachStore` to the store, and to the kitchen and the screens, connecting.
    private func makeInspector(
        name: String, navigator: (any ChangeReportingNavigator)?, host: String, port: UInt16, ringSize: Int,
        attachStore: (Inspector) -> Void
    ) -> Inspector {
        let inspector = Inspector(app: name, ringSize: ringSize)
        attachStore(inspector)
        inspector.attach(to: kitchen)
        if let navigator {
            inspector.attach(to: wireframe, navigator: navigator)
        }
        inspector.connect(host: host, port: port)
        return inspector
    }
}
