import Foundation
import SearchDemo

// The thin executable: everything, including the terminal UI's main loop, lives in SearchDemo.
SearchDemoCommand.main(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
