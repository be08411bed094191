import BrigadeServices
import Foundation
import FuzzSupport

// Any bytes given to the JSON parser, the translation table reader and the settings reader of BundledResources give a
// value or a typed error, never a crash.
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("brigade-fuzz-json-\(getpid())")
try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
let resources = BundledResources(directory: directory)

/// libFuzzer's entry point: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    _ = try? JSONValue.parse(bytes)
    _ = try? Translations.Table.parse(bytes, name: "fuzz")
    if (try? Data(bytes).write(to: directory.appendingPathComponent("fuzz.json"))) != nil {
        _ = try? resources.settings(named: "fuzz")
    }
    return 0
}

fuzz { data, count in
    guard let data, count > 0 else { return 0 }
    return test(UnsafeRawPointer(data), count)
}
