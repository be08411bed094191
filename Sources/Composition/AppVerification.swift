import BrigadeCore
import BrigadeKitchen

/// What ``BrigadeApp/verify()`` found wrong with an app before its first screen: the features no observer installs,
/// and the problems of the kitchen's declared graph, all at once.
public enum AppVerificationError: Error, CustomStringConvertible {
    /// `features`: each ``BrigadeCore/AppError/featureNotInstalled(feature:observers:)``; `kitchen`: each problem of
    /// ``BrigadeKitchen/Kitchen/verify()`` (a missing dependency, a cycle, a captive dependency).
    case invalid(features: [AppError], kitchen: [KitchenError])

    /// Every problem, one per line.
    public var description: String {
        switch self {
        case .invalid(let features, let kitchen):
            return Self.listing(features.map(\.description) + kitchen.map(\.description))
        }
    }

    /// `the app has 2 problem(s):`, then each line indented.
    private static func listing(_ lines: [String]) -> String {
        "the app has \(lines.count) problem(s):\n" + lines.map { "  " + $0 }.joined(separator: "\n")
    }
}

extension BrigadeApp {
    /// Checks the app before its first screen, running no factory and no feature: every feature has an observer that
    /// installs it, and the kitchen's declared graph is sound (``BrigadeKitchen/Kitchen/verify()``).
    ///
    /// ```swift
    /// #if DEBUG
    /// try app.verify()
    /// #endif
    /// ```
    /// - Returns: What the kitchen checked.
    /// - Throws: ``AppVerificationError/invalid(features:kitchen:)`` with every problem found.
    @discardableResult
    public func verify() throws(AppVerificationError) -> KitchenVerification {
        let features = composition.features.filter { feature in
            !composition.featureObservers.contains { $0.installs(feature) }
        }
        let notInstalled = features.map { feature in
            AppError.featureNotInstalled(
                feature: feature.featureName, observers: composition.featureObservers.map(\.observerName))
        }
        let verified: Result<KitchenVerification, KitchenError> = Result { () throws(KitchenError) in
            try kitchen.verify()
        }
        switch verified {
        case .success(let verification) where notInstalled.isEmpty:
            return verification
        case .success:
            throw .invalid(features: notInstalled, kitchen: [])
        case .failure(.invalidGraph(let problems)):
            throw .invalid(features: notInstalled, kitchen: problems)
        case .failure(let other):
            throw .invalid(features: notInstalled, kitchen: [other])
        }
    }
}
