import BrigadeCore
import Foundation
import Testing

private struct SignIn: Action, Codable, Equatable {
    var user: String
    @Redacted var password: String
}

private struct Wallet: Codable, Equatable {
    @Redacted var pin: Int = 0
    var coins = 3
}

@Suite("Redacted: a value kept out of records, not out of the app")
struct RedactedTests {
    @Test("the app reads and writes the value; every description shows the marker")
    func descriptions() {
        var action = SignIn(user: "ada", password: "hunter2")
        action.password += "!"
        #expect(action.password == "hunter2!")
        let texts = [String(describing: action), String(reflecting: action), "\(action)"]
        var dumped = ""
        dump(action, to: &dumped)
        for text in texts + [dumped] {
            #expect(!text.contains("hunter2"))
            #expect(text.contains("<redacted>"))
            #expect(text.contains("ada"))
        }
    }

    @Test("an ordinary encoder writes the value, and it decodes back: an app's own persistence loses nothing")
    func plainRoundTrip() throws {
        let wallet = Wallet(pin: 1234, coins: 5)
        let data = try JSONEncoder().encode(wallet)
        #expect(String(decoding: data, as: UTF8.self).contains("1234"))
        #expect(try JSONDecoder().decode(Wallet.self, from: data) == wallet)
    }

    @Test("a redacting encoder writes the marker, whatever the value's type")
    func redactingEncoder() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.userInfo.redactsMarkedValues = true
        #expect(encoder.userInfo.redactsMarkedValues)
        let action = String(decoding: try encoder.encode(SignIn(user: "ada", password: "hunter2")), as: UTF8.self)
        #expect(action == #"{"password":"<redacted>","user":"ada"}"#)
        let wallet = String(decoding: try encoder.encode(Wallet(pin: 1234)), as: UTF8.self)
        #expect(wallet == #"{"coins":3,"pin":"<redacted>"}"#)
    }

    @Test("the marker does not decode as a value, not even as a String: the error says it was redacted")
    func markerDoesNotDecode() throws {
        let data = Data(#"{"user":"ada","password":"<redacted>"}"#.utf8)
        do {
            _ = try JSONDecoder().decode(SignIn.self, from: data)
            Issue.record("the marker decoded as a password")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription.contains("redacted"))
            #expect(context.codingPath.map(\.stringValue) == ["password"])
        }
    }
}
