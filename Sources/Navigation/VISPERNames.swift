import BrigadeCore

// The names Brigade used before issue 26 for what BrigadeCore now holds. Each is a deprecated alias: code written for
// them compiles, with a warning that names the replacement. A type alias must live in the module whose name it keeps,
// so every module with renamed names has its own VISPERNames.swift.

/// The earlier name of BrigadeCore's ``BrigadeCore/NavigatorError``, the one error type of every navigator.
@available(*, deprecated, renamed: "NavigatorError")
public typealias NavigationError = NavigatorError
