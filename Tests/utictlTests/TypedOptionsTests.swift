import PropertyList
import Testing
import TypeValidation

@testable import utictl

/// The command line's options are declared once and read as typed values, converted when the
/// line is parsed (as swift-argument-parser's `@Option` with `ExpressibleByArgument`).
@Suite("Typed options")
struct TypedOptionsTests {
  static func parse(_ command: Command, _ arguments: [String]) throws(UsageError) -> Invocation {
    try command.parse(arguments, path: "utictl \(command.name)", globals: UtiCtl.globals)
  }

  @Test func valuesAreConvertedWhenTheLineIsParsed() throws {
    let validate = try Self.parse(
      ValidateCommand.command,
      ["Info.plist", "--format", "sarif", "--disable", "duplicate-identifier", "--disable=missing-conformance"])
    #expect(validate[ValidateCommand.format] == .sarif)
    #expect(
      validate.all(ValidateCommand.disable).map(\.id.rawValue) == ["duplicate-identifier", "missing-conformance"])
    #expect(validate[ValidateCommand.explainKey] == nil, "not given")
    #expect(!validate[ValidateCommand.werror])
    let copy = try Self.parse(CopyCommand.command, ["--clear-after", "2.5", "--selection", "primary", "-o"])
    #expect(copy[CopyCommand.clearAfter] == 2.5)
    #expect(copy[ClipboardCommands.selection] == .primary)
    #expect(copy[CopyCommand.pasteOnce], "a flag by its short spelling")
    let convert = try Self.parse(PlistCommand.convert, ["a.plist", "--to", "binary1"])
    #expect(convert[PlistCommand.to] == .binary)
  }

  @Test func aRepeatingOptionKeepsEveryValueInOrder() throws {
    let run = try Self.parse(
      CopyCommand.command, ["--representation", "public.png=a.png", "--representation", "public.html=b.html"])
    #expect(run.all(CopyCommand.representation) == ["public.png=a.png", "public.html=b.html"])
    #expect(run[CopyCommand.representation] == "public.html=b.html", "the key alone reads the last")
    let types = try Self.parse(InfoCommand.command, ["public.png", "--types", "a.plist", "--types", "b.plist"])
    #expect(types.all(UtiCtl.types) == ["a.plist", "b.plist"])
  }

  @Test func aValueThatIsNotOneOfItsChoicesIsAUsageError() {
    #expect(throws: UsageError.self) { try Self.parse(GraphCommand.command, ["--format", "svg"]) }
    #expect(throws: UsageError.self) { try Self.parse(CopyCommand.command, ["--clear-after", "-1"]) }
    #expect(throws: UsageError.self, "given twice") {
      try Self.parse(PasteCommand.command, ["--type", "public.png", "--type", "public.jpeg"])
    }
    #expect(throws: UsageError.self, "a flag takes no value") { try Self.parse(PasteCommand.command, ["--list=yes"]) }
  }

  /// A key read by another command of the same spelling reads its own declaration: `plist print
  /// --json` and the query commands' `--json` are two flags with one name.
  @Test func whetherAnOptionWasGivenAtAll() throws {
    let clear = try Self.parse(CopyCommand.command, ["--clear", "--sensitive"])
    #expect(clear.gave(CopyCommand.sensitive))
    #expect(!clear.gave(CopyCommand.type))
    let printed = try Self.parse(PlistCommand.print, ["a.plist", "--json"])
    #expect(printed[PlistCommand.printJSON])
  }

  /// One list of subcommands: each name builds the command of that name, once.
  @Test func theSubcommandsAreListedOnce() {
    let names = UtiCtl.subcommands.map(\.name)
    #expect(Set(names).count == names.count)
    for (name, make) in UtiCtl.subcommands { #expect(make().name == name) }
  }

  /// Every option a command lists is spelled once among its options and the global ones.
  @Test func noTwoOptionsOfACommandShareASpelling() {
    func check(_ command: Command, path: String) {
      let spellings = (command.options + UtiCtl.globals + [Command.help]).flatMap(\.names)
      #expect(Set(spellings).count == spellings.count, "\(path): \(spellings)")
      for sub in command.subcommands { check(sub, path: path + " " + sub.name) }
    }
    check(UtiCtl.root, path: "utictl")
  }
}
