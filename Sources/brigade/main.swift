import BrigadeGenerator
import Foundation

// `brigade`: Brigade's command-line tool.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments.contains("--help") || arguments.contains("-h") {
    print(BrigadeCommand.usage)
    exit(arguments.isEmpty ? 2 : 0)
}
do {
    for path in try BrigadeCommand.run(arguments, currentDirectory: FileManager.default.currentDirectoryPath) {
        print("created \(path)")
    }
} catch {
    FileHandle.standardError.write(Data("brigade: \(error)\n".utf8))
    exit(1)
}
