/// Identifies a shared selection: the same key path, the whole state or the selector column of one selection type, at
/// the same priority.
struct SelectionKey: Hashable {
    /// What the subscribers of a group select.
    enum Source: Hashable {
        case keyPath(AnyKeyPath)
        case wholeState
        /// The selector column of one selection type.
        case column(ObjectIdentifier)
    }

    let source: Source
    let priority: Int?

    init(_ source: Source, priority: Int?) {
        self.source = source
        self.priority = priority
    }
}
