import BrigadeCore

extension KitchenFeatureObserver {
    /// Whether `feature` is a ``KitchenFeature``: the features this observer installs.
    public func installs(_ feature: any Feature) -> Bool {
        feature is any KitchenFeature
    }
}
