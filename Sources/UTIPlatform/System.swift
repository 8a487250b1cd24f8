// The C library, whichever this platform has. Every other file of the module imports it through
// this one list, so a new platform is one branch here.
#if canImport(Glibc)
  @_exported import Glibc
#elseif canImport(Musl)
  @_exported import Musl
#elseif canImport(Darwin)
  @_exported import Darwin
#elseif canImport(Android)
  @_exported import Android
#else
  #error("UTIPlatform supports Glibc, Musl, Darwin and Android C libraries")
#endif
