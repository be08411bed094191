import Brigade

/// Composes the app: the store, the wireframe showing on `navigator`, and the features that need the store.
/// - Parameter navigator: Shows the screens; keep it alive as long as the app.
/// - Throws: An ``AppError`` when a feature cannot be added.
@MainActor
public func makeOrderApp(navigator: any Navigator) throws -> BrigadeApp<AppState> {
    try BrigadeApp.make(initialState: AppState(), navigator: navigator) { app in
        [OrderFeature(store: app.store)]
    }
}
