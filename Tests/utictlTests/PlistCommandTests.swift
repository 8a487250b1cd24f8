import Foundation
import TestSupport
import Testing
import TypeRegistry

@testable import utictl

@Suite("utictl plist")
struct PlistCommandTests {
  static let good = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    	<key>CFBundleIdentifier</key>
    	<string>com.example.app</string>
    	<key>UTExportedTypeDeclarations</key>
    	<array>
    		<dict>
    			<key>UTTypeIdentifier</key>
    			<string>com.example.doc</string>
    			<key>UTTypeConformsTo</key>
    			<array>
    				<string>public.data</string>
    			</array>
    		</dict>
    	</array>
    </dict>
    </plist>
    """

  static let bad = """
    <plist version="1.0">
    <dict>
    	<key>UTTypeConformsTo</key>
    </dict>
    </plist>
    """

  @Test func lintReportsEachFileAndExitsByTheWorst() throws {
    let dir = try TemporaryDirectory()
    let good = try dir.file("Good.plist", Self.good)
    let bad = try dir.file("Bad.plist", Self.bad)
    let missing = dir.url.appendingPathComponent("Missing.plist").path

    let ok = utictl("plist", "lint", good)
    #expect(ok.status == 0)
    #expect(ok.stdout == "\(good): OK\n")
    #expect(ok.stderr == "")

    let malformed = utictl("plist", "lint", bad, good)
    #expect(malformed.status == 1)
    #expect(malformed.stdout == "\(good): OK\n")
    #expect(
      malformed.stderr == "\(bad):4:1: error: expected a value after <key>UTTypeConformsTo</key>, found </dict>\n")

    let all = utictl("plist", "lint", missing, bad, good)
    #expect(all.status == 2)
    #expect(all.stdout == "\(good): OK\n")
    #expect(all.stderr.hasPrefix("error: cannot read '\(missing)': No such file or directory\n\(bad):4:1: error:"))
  }

  @Test func lintReadsStandardInputAndWarnsOfDuplicateKeys() {
    let run = utictl(
      "plist", "lint", "-", input: Array("<plist><dict><key>a</key><true/>\n<key>a</key><false/></dict></plist>".utf8))
    #expect(run.status == 0)
    #expect(run.stdout == "-: OK\n")
    #expect(
      run.stderr == """
        -:2:1: warning: duplicate key 'a' in dictionary: this later value is used, the earlier one is ignored
        -:1:14: note: the earlier key is here

        """)
  }

  @Test func lintPassesTheWholeCorpus() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: corpusDirectory.path)
      .filter { $0 != "SOURCES.md" }.sorted().map { corpusDirectory.appendingPathComponent($0).path }
    #expect(files.count == 30)
    let run = utictl(["plist", "lint"] + files)
    #expect(run.status == 0)
    #expect(run.stdout.split(separator: "\n").count == 30)
  }

  @Test(arguments: ["xml1", "binary1", "json"])
  func convertRoundTrips(format: String) throws {
    let dir = try TemporaryDirectory()
    let source = try dir.file("Info.plist", Self.good)
    let output = dir.url.appendingPathComponent("out.\(format)").path
    let run = utictl("plist", "convert", source, "--to", format, "-o", output)
    #expect(run.status == 0)
    #expect(run.stdout == "")
    let converted = try PropertyList.parse(Array(try Data(contentsOf: URL(fileURLWithPath: output))))
    #expect(converted.format.rawValue == format)
    #expect(converted.root == (try PropertyList.parse(Array(Self.good.utf8)).root))

    let toStdout = utictl("plist", "convert", source, "--to", format)
    #expect(toStdout.stdoutBytes == Array(try Data(contentsOf: URL(fileURLWithPath: output))))
  }

  @Test func convertErrors() throws {
    let dir = try TemporaryDirectory()
    let withData = try dir.file("d.plist", "<plist><dict><key>icon</key><data>AAEC</data></dict></plist>")
    let json = utictl("plist", "convert", withData, "--to", "json")
    #expect(json.status == 1)
    #expect(
      json.stderr == "\(withData): error: cannot write data as JSON: JSON has no data type (at key path 'icon')\n")

    let unknown = utictl("plist", "convert", withData, "--to", "yaml")
    #expect(unknown.status == 2)
    #expect(
      unknown.stderr.hasPrefix(
        "Error: Unknown value 'yaml' for '--to <format>'; expected one of: xml1, binary1, json\n"))

    let noFormat = utictl("plist", "convert", withData)
    #expect(noFormat.status == 2)

    let stdin = utictl("plist", "convert", "-", "--to", "json", input: Array("(a, b)".utf8))
    #expect(stdin.status == 0)
    #expect(stdin.stdout == #"["a","b"]"#)
  }

  @Test func printShowsATreeAndKeyPaths() throws {
    let dir = try TemporaryDirectory()
    let source = try dir.file("Info.plist", Self.good)
    let run = utictl("plist", "print", source)
    #expect(run.status == 0)
    #expect(
      run.stdout == """
        {
          "CFBundleIdentifier" => "com.example.app"
          "UTExportedTypeDeclarations" => [
            0 => {
              "UTTypeIdentifier" => "com.example.doc"
              "UTTypeConformsTo" => [
                0 => "public.data"
              ]
            }
          ]
        }

        """)
    let keyPath = utictl("plist", "print", source, "--keypath", "UTExportedTypeDeclarations.0.UTTypeIdentifier")
    #expect(keyPath.stdout == "\"com.example.doc\"\n")
    let json = utictl("plist", "print", source, "--keypath", "UTExportedTypeDeclarations.0", "--json")
    #expect(json.stdout == #"{"UTTypeIdentifier":"com.example.doc","UTTypeConformsTo":["public.data"]}"# + "\n")
    let missing = utictl("plist", "print", source, "--keypath", "UTExportedTypeDeclarations.3")
    #expect(missing.status == 1)
    #expect(
      missing.stderr
        == "\(source): error: no value at key path 'UTExportedTypeDeclarations.3': 'UTExportedTypeDeclarations' is an array of 1, '3' is not an index\n"
    )
  }

  @Test func helpFollowsTheArgumentParserLayout() {
    let help = utictl("plist", "lint", "--help")
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("OVERVIEW: Check that property lists are readable.\n"))
    #expect(help.stdout.contains("\nUSAGE: utictl plist lint <file> ...\n"))
    #expect(
      help.stdout.contains("\nARGUMENTS:\n  <file>                  A property list file, or - for standard input.\n"))
    #expect(help.stdout.contains("\nOPTIONS:\n"))
    #expect(help.stdout.contains("  -h, --help              Show help information.\n"))
    #expect(utictl("help", "plist", "lint").stdout == help.stdout)
    let group = utictl("plist", "--help")
    #expect(group.stdout.contains("SUBCOMMANDS:\n  lint"))
    #expect(utictl("--help").stdout.contains("  plist"))
    #expect(utictl("--version").stdout == "\(UtiCtl.version)\n")
  }

  @Test func usageErrorsExitTwo() {
    let unknown = utictl("plist", "lint", "--frobnicate", "x")
    #expect(unknown.status == 2)
    #expect(
      unknown.stderr == """
        Error: Unknown option '--frobnicate'
        Usage: utictl plist lint <file> ...
          See 'utictl plist lint --help' for more information.

        """)
    #expect(utictl("plist", "lint").stderr.hasPrefix("Error: Missing expected argument '<file> ...'\n"))
    #expect(utictl("plist", "lint").status == 2)
    #expect(utictl("plist", "frob").status == 2)
    #expect(utictl("plist", "frob").stderr.hasPrefix("Error: Unknown subcommand 'frob'\n"))
    #expect(utictl("plist", "print", "a", "b").stderr.hasPrefix("Error: Unexpected argument 'b'\n"))
  }

  /// The same contract through the built executable: real streams, exit codes, standard input.
  @Test func theBuiltBinary() throws {
    let binary = try builtUtictl()
    let dir = try TemporaryDirectory()
    let good = try dir.file("Good.plist", Self.good)
    let bad = try dir.file("Bad.plist", Self.bad)
    let lint = try runProcess(binary, ["plist", "lint", good, bad])
    #expect(lint.status == 1)
    #expect(lint.stdoutText == "\(good): OK\n")
    #expect(lint.stderrText == "\(bad):4:1: error: expected a value after <key>UTTypeConformsTo</key>, found </dict>\n")
    let convert = try runProcess(binary, ["plist", "convert", "-", "--to", "xml1"], input: Data("(1)".utf8))
    #expect(convert.status == 0)
    #expect(convert.stdoutText.hasSuffix("<array>\n\t<string>1</string>\n</array>\n</plist>\n"))
    let usage = try runProcess(binary, ["plist", "convert"])
    #expect(usage.status == 2)
  }
}
