import Foundation

func url(_ text: String) -> URL {
    URL(string: text) ?? URL(fileURLWithPath: "/invalid-test-url")
}
