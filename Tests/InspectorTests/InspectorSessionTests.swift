import BrigadeInspector
import Foundation
import Testing

@Suite("InspectorSession: the session file")
struct InspectorSessionTests {
    static let hello =
        #"{"app":"Bistro","kind":"hello","ringSize":10,"sessionID":"s","startTime":1,"stateIsCodable":true,"stateType":"S","version":1}"#
    static let first = #"{"event":{"action":"@initial","seq":1,"time":1,"type":"action"},"kind":"event"}"#
    static let second = #"{"event":{"action":"Close","seq":2,"time":2,"type":"action"},"kind":"event"}"#

    func read(_ lines: [String], newline: Bool = true) throws(InspectorError) -> InspectorSession {
        try InspectorSession(data: Data((lines.joined(separator: "\n") + (newline ? "\n" : "")).utf8))
    }

    @Test("a session written and read back is the same session, byte for byte")
    func roundTrip() throws {
        let session = try read([Self.hello, Self.first, Self.second])
        #expect(session.actions.map(\.action) == ["@initial", "Close"])
        let data = try session.data()
        #expect(try InspectorSession(data: data) == session)
        #expect(try InspectorSession(data: data).data() == data)
    }

    @Test(
        "bad session files are typed errors naming the line",
        arguments: [
            ([hello, first, String(second.prefix(30))], false, InspectorError.truncated(line: 3)),
            (
                [hello.replacingOccurrences(of: "\"version\":1", with: "\"version\":7"), first], true,
                .newerVersion(line: 1, version: 7, supported: 1)
            ),
            ([hello, first, second.replacingOccurrences(of: "\"seq\":2", with: "\"seq\":\"two\"")], true, nil),
            ([hello, second, first], true, .outOfOrder(line: 3, seq: 1, after: 2)),
            ([first], true, .invalidLine(line: 1, reason: "the first line is not a hello (kind is \"event\")")),
            ([hello, "", first], true, .invalidLine(line: 2, reason: "the line is empty")),
        ] as [([String], Bool, InspectorError?)])
    func badFiles(lines: [String], newline: Bool, expected: InspectorError?) {
        do {
            _ = try read(lines, newline: newline)
            Issue.record("read a bad file")
        } catch {
            if let expected {
                #expect(error == expected)
            } else if case .invalidLine(let line, let reason) = error {
                #expect(line == 3)
                #expect(reason.contains("event.seq"))
            } else {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test("an empty file is its own error")
    func empty() {
        #expect(throws: InspectorError.empty) { try InspectorSession(data: Data()) }
        #expect(InspectorError.truncated(line: 3).description.hasPrefix("line 3:"))
    }
}
