/// Errors of the Redux component.
public enum ReduxError: Error, Equatable, CustomStringConvertible {
    /// A state-observing feature expects a state type other than the app's.
    case stateTypeMismatch(feature: String, expected: String, actual: String)
    /// A replayed log names an action type the registry does not know.
    case unknownActionType(String)
    /// A replayed log, or one action in it, does not decode.
    case actionDecodingFailed(type: String, reason: String)
    /// A Codable action failed to encode while exporting the log.
    case actionEncodingFailed(type: String, reason: String)
    /// An effect asked ``EffectServices`` for a service that was neither replaced nor provided (the store has no
    /// provider: outside a Brigade app, replace the services its effects use).
    case serviceNotProvided(String)

    /// What went wrong, naming the feature and the types.
    public var description: String {
        switch self {
        case .stateTypeMismatch(let feature, let expected, let actual):
            return "feature \(feature) observes state of type \(expected), but the app's state is \(actual)"
        case .unknownActionType(let type):
            return "cannot replay action type '\(type)': it is not registered in the ActionRegistry"
        case .actionDecodingFailed(let type, let reason):
            return "cannot decode action '\(type)': \(reason)"
        case .actionEncodingFailed(let type, let reason):
            return "cannot encode action '\(type)': \(reason)"
        case .serviceNotProvided(let type):
            return "no service \(type) for the effect: the store's EffectServices neither replace it nor provide it"
        }
    }
}
