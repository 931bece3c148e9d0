// The helpers every test target shares (`Recorder`, `Log`, `TestError`…) live in the TestSupport
// module (Tests/TestSupport); re-exported once here, every file of this target sees them.
@_exported import TestSupport
