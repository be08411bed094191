import BrigadeCore

/// A controller held weakly: what a navigator or a tool keeps of controllers it must not keep alive.
@MainActor
package struct WeakController {
    package weak var controller: (any Controller)?

    package init(_ controller: any Controller) {
        self.controller = controller
    }
}

extension Array where Element == any Controller {
    /// Whether `other` holds the same controllers, in the same order (compared by identity).
    package func isIdentical(to other: [any Controller]) -> Bool {
        count == other.count && zip(self, other).allSatisfy { $0 === $1 }
    }
}
