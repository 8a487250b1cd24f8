import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

// A file-size limit (`ulimit -f`) makes a write fail with EFBIG, which utictl reports, instead of
// killing the process with SIGXFSZ in the middle of a file.
signal(SIGXFSZ, SIG_IGN)
var io = Console.standard
var status = UtiCtl.run(Array(CommandLine.arguments.dropFirst()), io: &io)
if let failure = io.outputError {
  io.error("error: \(failure)")
  status = max(status, ExitStatus.failure)
}
exit(status)
