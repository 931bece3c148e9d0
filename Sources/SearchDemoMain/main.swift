import Foundation
import SearchDemo

// The thin executable: everything, including the terminal UI's main loop, lives in SearchDemo.
// The arguments are globals, not temporaries: `dispatchMain()` ends the main thread, and values
// that lived only in its frame would read as leaked when the process exits (LeakSanitizer in CI).
let arguments = Array(CommandLine.arguments.dropFirst())
let environment = ProcessInfo.processInfo.environment
SearchDemoCommand.main(arguments: arguments, environment: environment)
