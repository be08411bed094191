import Brigade

/// Composes the app: the store, the wireframe showing on `navigator`, the menu source in the kitchen, and the
/// features that need the store.
/// - Parameter navigator: Shows the screens; keep it alive as long as the app.
/// - Throws: An ``AppError`` when a feature cannot be added, a ``KitchenError`` when the service cannot be
///   registered.
@MainActor
public func makeOrderApp(navigator: any Navigator) throws -> BrigadeApp<AppState> {
    try BrigadeApp.make(initialState: AppState(), navigator: navigator) { app in
        try app.kitchen.register((any MenuSource).self) { _ in HouseMenu() }
        return [OrderFeature(store: app.store)]
    }
}
