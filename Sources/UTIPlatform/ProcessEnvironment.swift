/// The process's environment variables, read with `getenv`.
package enum ProcessEnvironment {
  /// The value of `name`, or nil when it is unset.
  package static func value(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// Every variable, as `NAME=value` entries in the environment's order.
  package static var entries: [String] {
    var entries: [String] = []
    var entry = environ
    while let pointer = entry.pointee {
      entries.append(String(cString: pointer))
      entry += 1
    }
    return entries
  }

  /// The set variables among `names`, by name.
  package static func values(_ names: [String]) -> [String: String] {
    var result: [String: String] = [:]
    for name in names { if let value = value(name) { result[name] = value } }
    return result
  }
}
