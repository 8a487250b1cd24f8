// The C libraries UTIPlatform builds on; on any other platform the build stops here.
//
// Each file that calls the C library imports it itself, `internal` wherever it can (`Locked`,
// whose inlinable body calls pthread, imports it for the package), so that importing UTIPlatform
// does not bring libc into a module: a module that calls libc says so. Package declarations take
// Swift types, not C ones (a mode as `UInt16`, a pid as `Int32`).
#if !canImport(Glibc) && !canImport(Musl) && !canImport(Darwin) && !canImport(Android)
  #error("UTIPlatform supports Glibc, Musl, Darwin and Android C libraries")
#endif
