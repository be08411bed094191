import BrigadeReactive

/// A store offers its state to observable views (`ObservedState(store:)`).
extension Store: ObservableStateSource {}

/// A store counts what its observable views invalidate, for an attached inspector (``InspectorEvent`` cost).
extension Store: InvalidationCounting {}
