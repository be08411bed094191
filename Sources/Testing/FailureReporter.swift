import Testing
import XCTest

/// Where BrigadeTesting's assertions report a failure: a Swift Testing issue at the caller's source location when a
/// Swift Testing test is running, else an XCTest failure whose message starts with the caller's file and line.
///
/// Set ``TestStore/reporter`` (or pass a reporter) to capture the messages instead, to test a test.
public struct FailureReporter: Sendable {
    private let report: @Sendable (String, SourceLocation) -> Void

    /// A reporter that hands each failure to `report`.
    public init(_ report: @escaping @Sendable (_ message: String, _ location: SourceLocation) -> Void) {
        self.report = report
    }

    /// Swift Testing when a test of it is running, XCTest otherwise.
    public static let standard = FailureReporter { message, location in
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), sourceLocation: location)
        } else {
            // XCTest takes its location as a StaticString, so the caller's location goes into the message.
            XCTFail("\(location.fileID):\(location.line): \(message)")
        }
    }

    /// Reports `message` at `location`.
    public func fail(_ message: String, at location: SourceLocation) {
        report(message, location)
    }
}
