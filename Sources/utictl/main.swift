import UTIPlatform

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
