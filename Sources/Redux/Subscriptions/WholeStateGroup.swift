/// The subscribers to the whole state at one priority, told after every round that ran a reducer.
final class WholeStateGroup<State>: _StateGroup<State> {
    /// The state after the last refresh.
    private var value: State

    init(priority: Int?, state: State) {
        value = state
        super.init(priority: priority)
    }

    @usableFromInline
    override func _refresh(_ state: State) -> Bool {
        value = state
        return true
    }

    @usableFromInline
    @MainActor
    override func _deliver(to entry: _StoreSubscriberEntry) {
        (entry as? _SelectionSubscriber<State>)?._handler?(value)
    }
}
