import BrigadeCore

extension LogicFeatureObserver {
    /// Whether `feature` is a ``LogicFeature``: the features this observer installs.
    public func installs(_ feature: any Feature) -> Bool {
        feature is any LogicFeature
    }
}

extension StateObservingFeatureObserver {
    /// Whether `feature` is a ``StateObservingFeature``: the features this observer installs.
    public func installs(_ feature: any Feature) -> Bool {
        feature is any StateObservingFeature
    }
}
