/// How a host transition ended.
public enum HostTransitionResult: Hashable, Sendable {
    /// The transition completed: the host shows what it was asked to.
    case completed
    /// The transition was cancelled (an interactive transition reversed): the host shows what it showed before.
    case cancelled
}
