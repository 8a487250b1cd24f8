#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

var io = Console.standard
exit(UtiCtl.run(Array(CommandLine.arguments.dropFirst()), io: &io))
