#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// Starting programs with `posix_spawn`, the way a launcher should: no signal blocked and default
/// dispositions, whatever the spawning thread blocks (a thread of a pool may block them all, and
/// a program that inherits that mask ignores SIGTERM, or as a shell never sees SIGCHLD).
package enum ProcessSpawn {
  /// What one descriptor of a spawned process is.
  package enum Descriptor: Sendable {
    /// A copy of this process's descriptor (`dup2`).
    case copy(of: Int32)
    /// A file opened for reading.
    case reading(String)
    /// A file opened for writing, emptied first when `truncating`.
    case writing(String, truncating: Bool = false)
  }

  /// Starts `executable` with `descriptors` (child descriptor → what it is; the others it gets
  /// are this process's that lack close-on-exec), optionally in a session of its own and with
  /// `environment` (`NAME=value` entries; nil: this process's): the pid and `posix_spawn`'s
  /// status.
  package static func spawn(
    _ executable: String, _ arguments: [String], descriptors: [Int32: Descriptor] = [:], newSession: Bool = false,
    environment: [String]? = nil
  ) -> (pid: Int32, status: Int32) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (child, descriptor) in descriptors.sorted(by: { $0.key < $1.key }) {
      switch descriptor {
      case .copy(let fd): posix_spawn_file_actions_adddup2(&actions, fd, child)
      case .reading(let path): posix_spawn_file_actions_addopen(&actions, child, path, O_RDONLY, 0)
      case .writing(let path, let truncating):
        posix_spawn_file_actions_addopen(&actions, child, path, O_WRONLY | (truncating ? O_TRUNC : 0), 0)
      }
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, number) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    // POSIX_SPAWN_SETSID: glibc's 0x80 (defined only under _GNU_SOURCE), Darwin's 0x400.
    #if os(Linux)
      let setsid: Int32 = newSession ? 0x80 : 0
    #else
      let setsid: Int32 = newSession ? 0x400 : 0
    #endif
    posix_spawnattr_setflags(&attributes, Int16(setsid | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    var envp = environment.map { $0.map { strdup($0) } + [nil] } ?? []
    defer { for pointer in envp { free(pointer) } }
    let status =
      envp.isEmpty
      ? posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
      : posix_spawn(&pid, executable, &actions, &attributes, argv, &envp)
    return (pid, status)
  }

  /// The program `name` names: itself when it holds a `/`, else the first executable file of
  /// that name in `$PATH`'s directories (as a shell finds it); nil when there is none.
  package static func resolve(_ name: String) -> String? {
    if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
    let path = ProcessEnvironment.value("PATH") ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":", omittingEmptySubsequences: false) {
      let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + name
      var info = stat()
      if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
        return candidate
      }
    }
    return nil
  }
}
