/// A readable, field-level difference between two values, found by reflection.
///
/// ```text
/// order.count: expected 2, got 3
/// order[0].dish: expected "soup", got "tart"
/// ```
public enum StateDiff {
    /// One line per field that differs, with its path; empty when the descriptions are equal.
    public static func lines<Value>(expected: Value, actual: Value) -> [String] {
        var lines: [String] = []
        compare(expected, actual, path: "", into: &lines)
        return lines
    }

    private static func compare(_ expected: Any, _ actual: Any, path: String, into lines: inout [String]) {
        let left = Mirror(reflecting: expected)
        let right = Mirror(reflecting: actual)
        let leftChildren = Array(left.children)
        let rightChildren = Array(right.children)
        let isLeaf = leftChildren.isEmpty && rightChildren.isEmpty
        if isLeaf || left.displayStyle == .enum || right.displayStyle == .enum {
            let expectedText = describe(expected)
            let actualText = describe(actual)
            if expectedText != actualText {
                lines.append("\(path.isEmpty ? "state" : path): expected \(expectedText), got \(actualText)")
            }
            return
        }
        if left.displayStyle == .collection || left.displayStyle == .set || left.displayStyle == .dictionary {
            if leftChildren.count != rightChildren.count {
                lines.append("\(path).count: expected \(leftChildren.count), got \(rightChildren.count)")
            }
            for (index, (l, r)) in zip(leftChildren, rightChildren).enumerated() {
                compare(l.value, r.value, path: "\(path)[\(index)]", into: &lines)
            }
            return
        }
        for (l, r) in zip(leftChildren, rightChildren) {
            let name = l.label ?? "?"
            compare(l.value, r.value, path: path.isEmpty ? name : "\(path).\(name)", into: &lines)
        }
        if leftChildren.count != rightChildren.count {
            lines.append("\(path.isEmpty ? "state" : path): expected \(describe(expected)), got \(describe(actual))")
        }
    }

    private static func describe(_ value: Any) -> String {
        if let text = value as? String {
            return "\"\(text)\""
        }
        return String(describing: value)
    }
}
