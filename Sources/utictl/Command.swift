/// A command-line command: its help, its arguments and options, and what it runs.
///
/// A small stand-in for swift-argument-parser (the package has no dependencies), with the same
/// help layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS.
struct Command {
  struct Argument {
    var name: String
    var help: String
    var isRepeating = false
    var isOptional = false
  }

  struct Option {
    /// Spellings, short first: `["-o", "--output"]`.
    var names: [String]
    /// The value's placeholder (`<format>`); nil for a flag.
    var valueName: String?
    var help: String
    var isRepeating = false
  }

  var name: String
  var abstract: String
  var discussion: String? = nil
  var arguments: [Argument] = []
  var options: [Option] = []
  var subcommands: [Command] = []
  var run: ((Invocation, inout Console) -> Int32)? = nil

  static let help = Option(names: ["-h", "--help"], valueName: nil, help: "Show help information.")
}

/// The parsed command line of one command.
struct Invocation {
  /// The command's path, for messages: `utictl plist lint`.
  var commandPath: String
  var positionals: [String] = []
  var values: [String: [String]] = [:]
  var flags: Set<String> = []

  func value(_ name: String) -> String? { values[name]?.last }
  func all(_ name: String) -> [String] { values[name] ?? [] }
  func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// A usage error: wrong or missing arguments. Exit status 2.
struct UsageError: Error {
  var message: String
}

extension Command {
  /// Every option's canonical name is its longest spelling.
  func canonicalName(_ option: Option) -> String { option.names.max { $0.count < $1.count }! }

  func usage(path: String, globals: [Option]) -> String {
    if !subcommands.isEmpty { return "\(path) <subcommand>" }
    var parts = [path]
    for argument in arguments {
      var text = "<\(argument.name)>" + (argument.isRepeating ? " ..." : "")
      if argument.isOptional { text = "[\(text)]" }
      parts.append(text)
    }
    for option in options {
      var text = canonicalName(option) + (option.valueName.map { " <\($0)>" } ?? "")
      if option.isRepeating { text += " ..." }
      parts.append("[\(text)]")
    }
    return parts.joined(separator: " ")
  }

  func helpText(path: String, globals: [Option]) -> String {
    var text = "OVERVIEW: \(abstract)\n"
    if let discussion { text += "\n\(discussion)\n" }
    text += "\nUSAGE: \(usage(path: path, globals: globals))\n"
    func row(_ left: String, _ right: String) -> String {
      let pad = 26
      return left.count + 2 < pad
        ? "  " + left + String(repeating: " ", count: pad - left.count - 2) + right + "\n"
        : "  " + left + "\n" + String(repeating: " ", count: pad) + right + "\n"
    }
    if !arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      for argument in arguments { text += row("<\(argument.name)>", argument.help) }
    }
    text += "\nOPTIONS:\n"
    for option in options + globals + [Command.help] {
      text += row(option.names.joined(separator: ", ") + (option.valueName.map { " <\($0)>" } ?? ""), option.help)
    }
    if !subcommands.isEmpty {
      text += "\nSUBCOMMANDS:\n"
      for sub in subcommands { text += row(sub.name, sub.abstract) }
      text += "\n  See '\(path) help <subcommand>' for detailed help.\n"
    }
    return text
  }

  /// Parses `arguments` for this command (options may come before or after positionals;
  /// `--` ends options; `--name=value` is accepted).
  func parse(_ arguments: [String], path: String, globals: [Option]) throws(UsageError) -> Invocation {
    var invocation = Invocation(commandPath: path)
    let all = options + globals
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      var argument = arguments[index]
      index += 1
      if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
        invocation.positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      var inlineValue: String? = nil
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        inlineValue = String(argument[argument.index(after: equals)...])
        argument = String(argument[..<equals])
      }
      guard let option = all.first(where: { $0.names.contains(argument) }) else {
        throw UsageError(message: "Unknown option '\(argument)'")
      }
      let name = canonicalName(option)
      if option.valueName != nil {
        guard let value = inlineValue ?? (index < arguments.count ? arguments[index] : nil) else {
          throw UsageError(message: "Missing value for '\(argument) <\(option.valueName!)>'")
        }
        if inlineValue == nil { index += 1 }
        if !option.isRepeating && invocation.values[name] != nil {
          throw UsageError(message: "'\(name)' may be given only once")
        }
        invocation.values[name, default: []].append(value)
      } else {
        guard inlineValue == nil else { throw UsageError(message: "'\(argument)' takes no value") }
        invocation.flags.insert(name)
      }
    }
    var needed = 0
    for argument in self.arguments where !argument.isOptional { needed += 1 }
    if invocation.positionals.count < needed {
      let missing = self.arguments.filter { !$0.isOptional }[invocation.positionals.count]
      throw UsageError(message: "Missing expected argument '<\(missing.name)>\(missing.isRepeating ? " ..." : "")'")
    }
    if !self.arguments.contains(where: \.isRepeating) && invocation.positionals.count > self.arguments.count {
      throw UsageError(message: "Unexpected argument '\(invocation.positionals[self.arguments.count])'")
    }
    return invocation
  }
}
