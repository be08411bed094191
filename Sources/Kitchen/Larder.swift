import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Bundled JSON by name: decodes files from a bundle's resources or a directory.
///
/// ```swift
/// let larder = Larder(bundle: .module, subdirectory: "Data")
/// let menu = try larder.decode(Menu.self, named: "menu")        // Data/menu.json
/// let settings = try larder.settings(named: "settings")
/// ```
///
/// A name is a file name, with or without `.json`: one that tries to leave the directory (`..`, `/`, `\`), is
/// empty, hidden or holds a NUL is ``LarderError/invalidName(_:reason:)`` and nothing is read. A file that is a
/// symbolic link is followed only while its real path stays inside the real path of the directory; one leading
/// elsewhere is ``LarderError/outsideDirectory(_:target:)`` and nothing is read.
public struct Larder: Sendable {
    /// The directory files are read from.
    public let directory: URL

    /// A larder over `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// A larder over a bundle's resources, or a subdirectory of them, found where SwiftPM puts them on every
    /// platform: `Larder(bundle: .module, subdirectory: "Resources")` reads the folder a target copies with
    /// `.copy("Resources")`, on Linux as on Apple systems (see ``resourceDirectory(in:subdirectory:)``).
    public init(bundle: Bundle, subdirectory: String? = nil) {
        directory = Self.resourceDirectory(in: bundle, subdirectory: subdirectory)
    }

    /// The bytes of the file called `name`.
    /// - Throws: ``LarderError/invalidName(_:reason:)``, ``LarderError/notFound(_:directory:)``,
    ///   ``LarderError/outsideDirectory(_:target:)`` or ``LarderError/unreadable(_:reason:)``.
    public func data(named name: String) throws(LarderError) -> Data {
        let file = try url(named: name)
        guard FileManager.default.fileExists(atPath: file.path), let target = Self.realPath(file.path) else {
            throw .notFound(name, directory: directory.path)
        }
        // Symbolic links resolved on both sides: the file must really lie inside the directory.
        guard let root = Self.realPath(directory.path), target.hasPrefix(root.hasSuffix("/") ? root : root + "/")
        else {
            throw .outsideDirectory(name, target: target)
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: target, isDirectory: false))
        } catch {
            throw .unreadable(name, reason: "\(error)")
        }
    }

    /// The file called `name`, decoded from JSON as `type`.
    /// - Throws: As ``data(named:)``, or ``LarderError/decodingFailed(_:type:reason:)``.
    public func decode<Value: Decodable>(
        _ type: Value.Type,
        named name: String,
        decoder: JSONDecoder = JSONDecoder()
    ) throws(LarderError) -> Value {
        let data = try data(named: name)
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw .decodingFailed(name, type: "\(type)", reason: "\(error)")
        }
    }

    /// The file called `name` as a JSON value, with duplicate keys reported.
    /// - Throws: As ``data(named:)``, or ``LarderError/malformed(_:reason:)`` and
    ///   ``LarderError/duplicateKey(_:key:)``.
    public func json(named name: String) throws(LarderError) -> JSONValue {
        let data = try data(named: name)
        do {
            return try JSONValue.parse(data)
        } catch {
            if case .duplicateKey(let key, _) = error {
                throw .duplicateKey(name, key: key)
            }
            throw .malformed(name, reason: error.description)
        }
    }

    /// A settings file: `{"settings":[{"key": …, "value": …}]}` or a plain object of keys and values.
    /// - Throws: As ``json(named:)``, ``LarderError/duplicateKey(_:key:)`` for a key given twice in either shape,
    ///   or ``LarderError/notSettings(_:reason:)`` for another shape.
    public func settings(named name: String) throws(LarderError) -> SettingsFile {
        let json = try json(named: name)
        guard case .object(let pairs) = json else {
            throw .notSettings(name, reason: "the file is not a JSON object")
        }
        guard pairs.count == 1, pairs[0].key == "settings", case .array(let entries) = pairs[0].value else {
            return SettingsFile(
                values: Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }))
        }
        var values: [String: JSONValue] = [:]
        for entry in entries {
            guard let members = entry.members, let key = members["key"]?.stringValue, let value = members["value"]
            else {
                throw .notSettings(name, reason: "each setting needs a string \"key\" and a \"value\"")
            }
            guard values.updateValue(value, forKey: key) == nil else {
                throw .duplicateKey(name, key: key)
            }
        }
        return SettingsFile(values: values)
    }

    /// The absolute path of `path` with every symbolic link, `.` and `..` resolved; `nil` when it does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The file URL of `name`, after checking that its name stays inside ``directory`` (symbolic links are checked
    /// when it is read).
    public func url(named name: String) throws(LarderError) -> URL {
        if name.isEmpty {
            throw .invalidName(name, reason: "the name is empty")
        }
        if name.contains("/") || name.contains("\\") {
            throw .invalidName(name, reason: "a name cannot contain a path separator")
        }
        if name.contains("\0") {
            throw .invalidName(name, reason: "a name cannot contain a NUL character")
        }
        if name.hasPrefix(".") {
            throw .invalidName(name, reason: "a name cannot start with '.' (no '..', no hidden files)")
        }
        let file = name.hasSuffix(".json") ? name : name + ".json"
        return directory.appendingPathComponent(file, isDirectory: false)
    }
}

/// The values of a settings file, by key.
public struct SettingsFile: Sendable, Equatable {
    /// Every value, by key.
    public let values: [String: JSONValue]

    /// The value for `key`, if any.
    public subscript(key: String) -> JSONValue? { values[key] }

    /// The text for `key`, if it is a string.
    public func string(_ key: String) -> String? { values[key]?.stringValue }

    /// The number for `key`, if it is an integer.
    public func int(_ key: String) -> Int? {
        guard case .number(let number) = values[key], let integer = Int(exactly: number) else { return nil }
        return integer
    }

    /// The number for `key`, if it is a number.
    public func double(_ key: String) -> Double? {
        guard case .number(let number) = values[key] else { return nil }
        return number
    }

    /// The Boolean for `key`, if it is `true` or `false`.
    public func bool(_ key: String) -> Bool? {
        guard case .bool(let bool) = values[key] else { return nil }
        return bool
    }
}

/// Errors of the ``Larder``, naming the file.
public enum LarderError: Error, Equatable, CustomStringConvertible {
    /// The name could leave the directory, or is otherwise not a plain file name; nothing was read.
    case invalidName(String, reason: String)
    /// No such file in the directory.
    case notFound(String, directory: String)
    /// The file exists but could not be read.
    case unreadable(String, reason: String)
    /// The file is not JSON.
    case malformed(String, reason: String)
    /// An object in the file has this key twice.
    case duplicateKey(String, key: String)
    /// The file does not decode as the type asked for.
    case decodingFailed(String, type: String, reason: String)
    /// The file is not a settings file.
    case notSettings(String, reason: String)
    /// The file is not a text table.
    case notTextTable(String, reason: String)
    /// The name leads, through a symbolic link, to a file outside the larder's directory; nothing was read.
    case outsideDirectory(String, target: String)

    /// What went wrong, naming the file.
    public var description: String {
        switch self {
        case .invalidName(let name, let reason): return "invalid larder name '\(name)': \(reason)"
        case .notFound(let name, let directory): return "no file '\(name)' in \(directory)"
        case .unreadable(let name, let reason): return "cannot read '\(name)': \(reason)"
        case .malformed(let name, let reason): return "'\(name)' is not valid JSON: \(reason)"
        case .duplicateKey(let name, let key): return "'\(name)' has the key '\(key)' twice"
        case .decodingFailed(let name, let type, let reason): return "cannot decode \(type) from '\(name)': \(reason)"
        case .notSettings(let name, let reason): return "'\(name)' is not a settings file: \(reason)"
        case .notTextTable(let name, let reason): return "'\(name)' is not a text table: \(reason)"
        case .outsideDirectory(let name, let target):
            return "'\(name)' leads to \(target), outside the larder's directory; nothing was read"
        }
    }
}
