/// How a navigation host turns the Brigade controllers it is asked to show into its full stack, keeping the view
/// controllers the app pushed itself.
///
/// A foreign entry (one that is not a Brigade controller) stays directly above the Brigade entry it was pushed on,
/// as long as that entry stays; foreign entries below every Brigade entry stay at the bottom.
///
/// ```swift
/// // [list, alert-like screen the app pushed, note] shown; the navigator pushes edit:
/// let next = HostStack.merging(
///     [list, note, edit], into: viewControllers, isForeign: { !($0 is any Controller) }, isSame: { $0 === $1 })
/// // [list, app's screen, note, edit]
/// ```
public enum HostStack {
    /// The host's new stack: `requested` (the Brigade entries, bottom first) with the foreign entries of `current`
    /// kept above the Brigade entry they were pushed on, when it is still in `requested`.
    /// - Parameters:
    ///   - requested: The Brigade entries to show, bottom first.
    ///   - current: The host's stack now, foreign entries included.
    ///   - isForeign: Whether an entry of `current` is not a Brigade controller.
    ///   - isSame: Whether two entries are the same object (`===`).
    /// - Returns: The stack to show. Complexity: O(n·m) comparisons for the few entries of a stack.
    public static func merging<Entry>(
        _ requested: [Entry], into current: [Entry], isForeign: (Entry) -> Bool, isSame: (Entry, Entry) -> Bool
    ) -> [Entry] {
        var leading: [Entry] = []
        var above: [(base: Entry, foreign: [Entry])] = []
        for entry in current {
            if isForeign(entry) {
                if above.isEmpty {
                    leading.append(entry)
                } else {
                    above[above.count - 1].foreign.append(entry)
                }
            } else {
                above.append((entry, []))
            }
        }
        var merged = leading
        for entry in requested {
            merged.append(entry)
            if let group = above.first(where: { isSame($0.base, entry) }) {
                merged += group.foreign
            }
        }
        return merged
    }
}
