// The C libraries UTIPlatform builds on; on any other platform the build stops here.
//
// Each file that calls the C library imports it itself, `internal` where it can and `package`
// where a package declaration names a C type (`mode_t`, `pid_t`, a mutex), so that importing
// UTIPlatform does not bring libc into a module: a module that calls libc says so.
#if !canImport(Glibc) && !canImport(Musl) && !canImport(Darwin) && !canImport(Android)
  #error("UTIPlatform supports Glibc, Musl, Darwin and Android C libraries")
#endif
