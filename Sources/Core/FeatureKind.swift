/// A feature taken as one of its kinds (`any ViewFeature`, say), found where the feature's type was compiled: an
/// installer takes the feature as that kind without a runtime cast.
///
/// Brigade's feature kinds make one in their protocol extensions (``Feature/asKitchenFeature`` and the other
/// `as…Feature` members); you do not make one yourself. A cast to a protocol costs the runtime a search of every
/// conformance of the process the first time a type meets it (tens of microseconds); an app of 1,000 feature types
/// would pay it some 5,000 times at launch.
public struct FeatureKind {
    private let box: Any

    /// Holds `feature` as the kind `Kind` (an existential such as `any ViewFeature`).
    package init<Kind>(_ feature: Kind) {
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
