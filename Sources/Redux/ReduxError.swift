/// Errors of the Redux component.
public enum ReduxError: Error, Equatable, CustomStringConvertible {
    /// A state-observing feature expects a state type other than the app's.
    case stateTypeMismatch(feature: String, expected: String, actual: String)

    /// What went wrong, naming the feature and the types.
    public var description: String {
        switch self {
        case .stateTypeMismatch(let feature, let expected, let actual):
            return "feature \(feature) observes state of type \(expected), but the app's state is \(actual)"
        }
    }
}
