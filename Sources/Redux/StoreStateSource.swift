import BrigadeReactive

/// A store offers its state to observable views (`ObservedState(store:)`).
extension Store: ObservableStateSource {}
