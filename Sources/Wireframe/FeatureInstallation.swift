import BrigadeCore

extension ViewFeatureObserver {
    /// Whether `feature` is a ``ViewFeature``: the features this observer installs.
    public func installs(_ feature: any Feature) -> Bool {
        feature is any ViewFeature
    }
}

extension PresenterFeatureObserver {
    /// Whether `feature` is a ``PresenterFeature``: the features this observer installs.
    public func installs(_ feature: any Feature) -> Bool {
        feature is any PresenterFeature
    }
}
