import UTIPlatform

/// This program started again in a session of its own (so that it outlives the terminal), fed
/// `input` on standard input, which says "ready" on standard output once it can be left to run.
struct DetachedChild {
  let pid: pid_t
  let readiness: Int32

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  init(arguments: [String], input: [UInt8]) throws(Failure) {
    var executable = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &executable, 4095)
    let path =
      length > 0
      ? String(decoding: executable[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      : CommandLine.arguments[0]
    var toChild: [Int32] = [0, 0]
    var fromChild: [Int32] = [0, 0]
    guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw Failure(description: FileIO.reason(errno)) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
    for fd in toChild + fromChild { posix_spawn_file_actions_addclose(&actions, fd) }
    let (pid, status) = ProcessSpawn.spawn(path, arguments, actions: &actions, newSession: true)
    close(toChild[0])
    close(fromChild[1])
    guard status == 0 else {
      close(toChild[1])
      close(fromChild[0])
      throw Failure(description: FileIO.reason(status))
    }
    self.pid = pid
    readiness = fromChild[0]
    // A child that dies early closes its end; writing then fails instead of killing us.
    signal(SIGPIPE, SIG_IGN)
    try? FileIO.writeAll(fd: toChild[1], input, path: "<child>")
    close(toChild[1])
  }

  /// Whether the child said "ready" (it owns the selection); false when it exited first.
  func waitForReady() -> Bool {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = read(readiness, &buffer, buffer.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      received += buffer[..<count]
      if received.starts(with: Array("ready".utf8)) { break }
    }
    close(readiness)
    return received.starts(with: Array("ready".utf8))
  }

  /// The child's exit status (after it failed to become ready).
  func exitStatus() -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let code = (status >> 8) & 0xFF
    return status & 0x7F == 0 ? code : 2
  }
}
