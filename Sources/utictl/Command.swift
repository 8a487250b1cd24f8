import TypeValidation

/// A command-line command: its help, its arguments and options, and what it runs.
///
/// A small stand-in for swift-argument-parser (the package has no dependencies), with the same
/// help layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS.
struct Command {
  /// What a value is, for an option or a positional argument: the one model that parsing
  /// (which checks ``oneOf(_:placeholder:)`` and ``seconds`` values), help and the manual (which
  /// show ``placeholder``) and completion (which completes it) all read.
  enum Value: Equatable, Sendable {
    /// Free text.
    case text(String)
    /// A file's path.
    case path(String)
    /// A directory's path.
    case directory(String)
    /// A type identifier.
    case type(String)
    /// A tag as `class=value`.
    case tag
    /// One of `values`; the placeholder is `a|b|c` unless one is given.
    case oneOf([String], placeholder: String? = nil)
    /// A number of seconds, above 0.
    case seconds
    /// A command and its arguments: the rest of the line.
    case command

    /// One of an enumeration's raw values, in its order.
    static func oneOf<Choice: CaseIterable & RawRepresentable>(_: Choice.Type, placeholder: String? = nil) -> Value
    where Choice.RawValue == String {
      .oneOf(Choice.allCases.map(\.rawValue), placeholder: placeholder)
    }

    /// What help and the manual show between `<` and `>`.
    var placeholder: String {
      switch self {
      case .text(let name), .path(let name), .directory(let name), .type(let name): name
      case .tag: "class=value"
      case .oneOf(let values, let placeholder): placeholder ?? values.joined(separator: "|")
      case .seconds: "seconds"
      case .command: "command"
      }
    }

    /// Checks a value given for `option` (nil: it is acceptable).
    func problem(with value: String, option: String) -> String? {
      switch self {
      case .oneOf(let values, _) where !values.contains(value):
        "Unknown value '\(value)' for '\(option) <\(placeholder)>'"
          + (Suggestions.closest(to: value, in: values).map { "; did you mean '\($0)'? Expected" } ?? "; expected")
          + " one of: \(values.joined(separator: ", "))"
      case .seconds where !(Double(value).map { $0 > 0 && $0.isFinite } ?? false):
        "'\(value)' is not a number of seconds above 0, for '\(option)'"
      default: nil
      }
    }
  }

  struct Argument: Sendable {
    /// The placeholder (`<file>`).
    var name: String
    /// What it is (what completion offers).
    var value: Value = .text("")
    var help: String
    var isRepeating = false
    var isOptional = false
  }

  struct Option: Sendable, OptionDeclaration {
    /// Spellings, short first: `["-o", "--output"]`.
    var names: [String]
    /// What its value is; nil for a flag.
    var value: Value?
    var help: String
    var isRepeating = false
    /// Internal: accepted, but left out of help, completion and the manual.
    var isHidden = false
    /// Converts a value given (already checked by ``Value/problem(with:option:)``) into what the
    /// command reads; nil: the value is refused. Set by ``Key``; the text itself by default.
    var convert: @Sendable (String) -> (any Sendable)? = { $0 }

    /// The value's placeholder (`format` of `<format>`); nil for a flag.
    var valueName: String? { value?.placeholder }
    /// Its canonical name: the longest spelling.
    var name: String { names.max { $0.count < $1.count }! }
    var option: Option { self }
  }

  /// An option that takes a value, declared once and read as a `T`: what it is, how it is spelled
  /// and helped, and how its text becomes a `T`, converted once when the command line is parsed
  /// (as swift-argument-parser's `@Option` with an `ExpressibleByArgument` value). A command lists
  /// it in ``Command/options`` and reads it with `invocation[key]` (the last one given) or
  /// `invocation.all(key)` (a repeating option's, in order): a misspelled option does not compile.
  struct Key<T: Sendable>: Sendable, OptionDeclaration {
    let option: Option

    /// An option spelled `names` whose value is `value`, converted by `convert` (nil refuses it).
    init(
      _ names: [String], _ value: Value, help: String, repeating: Bool = false, hidden: Bool = false,
      convert: @escaping @Sendable (String) -> T?
    ) {
      option = Option(
        names: names, value: value, help: help, isRepeating: repeating, isHidden: hidden, convert: { convert($0) })
    }
  }

  /// An option without a value, declared once and read as a `Bool` (`invocation[flag]`).
  struct Flag: Sendable, OptionDeclaration {
    let option: Option

    init(_ names: [String], help: String, hidden: Bool = false) {
      option = Option(names: names, value: nil, help: help, isHidden: hidden)
    }
  }

  var name: String
  var abstract: String
  var discussion: String? = nil
  var arguments: [Argument] = []
  var options: [Option] = []
  var subcommands: [Command] = []
  var run: ((Invocation, inout Console) -> Int32)? = nil

  /// A command named `name`, with the options `declared` (keys, flags or plain options) in the
  /// order help lists them.
  init(
    name: String, abstract: String, discussion: String? = nil, arguments: [Argument] = [],
    options declared: [any OptionDeclaration] = [], subcommands: [Command] = [],
    run: ((Invocation, inout Console) -> Int32)? = nil
  ) {
    (self.name, self.abstract, self.discussion, self.arguments) = (name, abstract, discussion, arguments)
    (options, self.subcommands, self.run) = (declared.map(\.option), subcommands, run)
  }

  static let help = Option(names: ["-h", "--help"], value: nil, help: "Show help information.")
}

/// What a command lists among its options: a ``Command/Key``, a ``Command/Flag``, or a plain
/// ``Command/Option`` (accepted, read by nobody: `--help`).
protocol OptionDeclaration: Sendable {
  var option: Command.Option { get }
}

extension Command.Key where T == String {
  /// An option whose value is read as the text given.
  init(_ names: [String], _ value: Command.Value, help: String, repeating: Bool = false, hidden: Bool = false) {
    self.init(names, value, help: help, repeating: repeating, hidden: hidden) { $0 }
  }
}

extension Command.Key where T: CaseIterable & RawRepresentable, T.RawValue == String {
  /// An option whose value is one of `T`'s raw values, read as the case (`placeholder` names it
  /// in help; nil: the values joined by `|`).
  init(_ names: [String], placeholder: String? = nil, help: String, repeating: Bool = false) {
    self.init(names, .oneOf(T.self, placeholder: placeholder), help: help, repeating: repeating) { T(rawValue: $0) }
  }
}

extension Command.Key where T == Double {
  /// An option whose value is a number of seconds above 0.
  init(seconds names: [String], help: String) {
    self.init(names, .seconds, help: help) { Double($0) }
  }
}

/// The parsed command line of one command: its positionals, and its options' values as their
/// keys converted them.
struct Invocation {
  /// The command's path, for messages: `utictl plist lint`.
  var commandPath: String
  var positionals: [String] = []
  var values: [String: [any Sendable]] = [:]
  var flags: Set<String> = []

  /// The last value given for `key`; nil when it was not given.
  subscript<T>(key: Command.Key<T>) -> T? { values[key.option.name]?.last as? T }
  /// Every value given for a repeating `key`, in order.
  func all<T>(_ key: Command.Key<T>) -> [T] { values[key.option.name]?.compactMap { $0 as? T } ?? [] }
  /// Whether `flag` was given.
  subscript(flag: Command.Flag) -> Bool { flags.contains(flag.option.name) }
  /// Whether `declared` (a flag or an option with a value) was given at all.
  func gave(_ declared: any OptionDeclaration) -> Bool {
    flags.contains(declared.option.name) || values[declared.option.name] != nil
  }
}

/// A usage error: wrong or missing arguments. Exit status 2.
struct UsageError: Error {
  var message: String
}

extension Command {
  /// Every option's canonical name is its longest spelling.
  func canonicalName(_ option: Option) -> String { option.name }

  func usage(path: String, globals: [Option]) -> String { usageParts(path: path).joined(separator: " ") }

  /// The usage line's parts: the path, each argument, each shown option.
  func usageParts(path: String) -> [String] {
    if !subcommands.isEmpty { return [path, "<subcommand>"] }
    var parts = [path]
    for argument in arguments {
      var text = "<\(argument.name)>" + (argument.isRepeating ? " ..." : "")
      if argument.isOptional { text = "[\(text)]" }
      parts.append(text)
    }
    for option in options where !option.isHidden {
      var text = canonicalName(option) + (option.valueName.map { " <\($0)>" } ?? "")
      if option.isRepeating { text += " ..." }
      parts.append("[\(text)]")
    }
    return parts
  }

  func helpText(path: String, globals: [Option]) -> String {
    var text = "OVERVIEW: \(abstract)\n"
    if let discussion { text += "\n\(discussion)\n" }
    // The usage line wraps at 80 columns, its continuations under its first part's end.
    var line = "USAGE:"
    let indent = String(repeating: " ", count: 7 + path.count + 1)
    for part in usageParts(path: path) {
      if line.count + 1 + part.count > 80 && line.count > indent.count {
        text += "\n" + line
        line = indent + part
      } else {
        line += " " + part
      }
    }
    text += "\n\(line)\n"
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
    for option in options + globals + [Command.help] where !option.isHidden {
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
        if let problem = option.value?.problem(with: value, option: name) { throw UsageError(message: problem) }
        guard let converted = option.convert(value) else {
          throw UsageError(message: "'\(value)' is not a valid <\(option.valueName!)> for '\(name)'")
        }
        invocation.values[name, default: []].append(converted)
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
