/// A feature taken as one of its kinds (`any AnalyticsFeature`, say), found where the feature's type was compiled: an
/// installer takes the feature as that kind without a runtime cast.
///
/// A feature kind makes one in its protocol's extension, in the ``Feature`` kind slot it claims
/// (`Feature._kindSlot0` and the others): Brigade's kinds do, and so may a kind of your own. A cast to a protocol
/// costs the runtime a search of every conformance of the process the first time a type meets it (tens of
/// microseconds); an app of 1,000 feature types would pay it some 5,000 times at launch.
public struct FeatureKind {
    private let box: Any

    /// Holds `feature` as the kind `Kind` (an existential such as `any ViewFeature`).
    public init<Kind>(_ feature: Kind) {
        box = Box(feature: feature)
    }

    /// The feature as `kind`, or `nil` when it was made for another kind. Compares one type, never a conformance.
    package func feature<Kind>(as kind: Kind.Type) -> Kind? {
        (box as? Box<Kind>)?.feature
    }

    private struct Box<Held> {
        let feature: Held
    }
}
