import BistroKit
import Foundation

// The `bistro` command: options, then the interactive or the scripted loop.

let options: BistroOptions
do {
    options = try BistroOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("bistro: \(error)\n".utf8))
    exit(2)
}
if options.showHelp {
    print(BistroOptions.help)
    exit(0)
}

let exitCode = await Terminal.run(options: options)
exit(exitCode)
