import BrigadeServices
import Foundation

/// `BundledResources.json(named:)` of a file holding one string of `count` `\u` escapes: the parse must be linear.
func larderWorkloads() -> [Workload] {
    [(10_000, "10,000"), (100_000, "100,000")].map { count, label in
        Workload("BundledResources/decode with \(label) \\u escapes", operationsPerSample: 1) {
            let directory = URL(fileURLWithPath: temporaryPath("larder"), isDirectory: true)
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let text = "{\"text\": \"" + String(repeating: "\\u00e9", count: count) + "\"}"
            try? Data(text.utf8).write(to: directory.appendingPathComponent("escapes.json"))
            let larder = BundledResources(directory: directory)
            return Runner(finish: { try? FileManager.default.removeItem(at: directory) }) { operations in
                for _ in 0..<operations {
                    consume(try? larder.json(named: "escapes.json"))
                }
            }
        }
    }
}
