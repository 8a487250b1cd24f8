import Foundation
import TestSupport
import Testing

@testable import TypeRegistry

/// The strict text readers that decide before the token model, each with the forms the world
/// writes and the near misses that must not pass for it.
@Suite struct TextReaderTests {
  let bare = UTTypeRegistry.Builder(mimeDatabase: nil).build()

  func mimeType(_ text: String) -> String { bare.identify(Array(text.utf8), fileName: nil, isComplete: true).mimeType }

  /// BuildKit's Dockerfiles: a `# syntax=` directive first, `FROM --platform=… AS build`,
  /// heredocs (whose bodies are shell or files, not instructions), lowercase instructions, and
  /// Windows' `# escape=` with backtick continuations.
  @Test(arguments: [
    """
    # syntax=docker/dockerfile:1.4
    FROM --platform=$BUILDPLATFORM golang:1.22 AS build
    WORKDIR /src
    RUN <<EOF
    set -e
    apt-get update
    apt-get install -y git make
    go mod download
    EOF
    COPY <<-"CONF" /etc/app.conf
    \tlisten = 8080
    \tworkers = 4
    \tCONF
    FROM gcr.io/distroless/static
    COPY --from=build /out/app /app
    ENTRYPOINT ["/app"]
    """,
    """
    # escape=`
    FROM mcr.microsoft.com/windows/servercore:ltsc2022
    RUN powershell -Command `
        Invoke-WebRequest https://example.com/setup.exe -OutFile setup.exe ; `
        Start-Process setup.exe -Wait
    WORKDIR C:\\app
    CMD ["app.exe"]
    """,
    """
    from alpine:3.19
    run apk add --no-cache curl
    copy entrypoint.sh /usr/local/bin/
    entrypoint ["entrypoint.sh"]
    """,
  ])
  func dockerfilesAsBuildKitReadsThem(_ text: String) {
    #expect(mimeType(text) == "text/x-dockerfile")
  }

  /// A Dockerfile shown in a Markdown fence is Markdown; a shell script with a heredoc is not a
  /// Dockerfile; one instruction is not enough.
  @Test func dockerfileNearMisses() {
    let markdown = """
      # Building the image

      Use this file:

      ```dockerfile
      FROM alpine:3.19
      RUN apk add curl
      ```

      Then run `docker build -t app .` in the folder.
      """
    #expect(mimeType(markdown) != "text/x-dockerfile")
    let shell = "#!/bin/sh\ncat <<EOF > /etc/motd\nFROM the team\nEOF\necho done\n"
    #expect(mimeType(shell) == "application/x-shellscript")
    #expect(mimeType("FROM the desk of the editor\nDear reader, thank you.\n") != "text/x-dockerfile")
  }

  @Test func heredocMarkersAreReadAsBuildKitReadsThem() {
    let markers = TextClassifier.heredocMarkers(in: "COPY <<one <<-\"two\" /dst/ && cat <<<'not' <<'three'")
    #expect(markers.map(\.word) == ["one", "two", "three"])
    #expect(markers.map(\.stripsTabs) == [false, true, false])
    #expect(TextClassifier.escapeDirective("# escape=`") == "`")
    #expect(TextClassifier.escapeDirective("# syntax=docker/dockerfile:1") == nil)
  }

  /// SQL of the dialects people write: PostgreSQL (domains, dollar-quoted functions), MySQL
  /// (dump comments, backquotes), T-SQL (`GO` batches), BigQuery, Doris/StarRocks (`ENGINE=`,
  /// `PROPERTIES`), Exasol's Lua scripts, SQLite.
  @Test(arguments: [
    """
    CREATE DOMAIN us_postal_code AS TEXT
    CHECK (VALUE ~ '^\\d{5}$' OR VALUE ~ '^\\d{5}-\\d{4}$');

    CREATE FUNCTION add(a integer, b integer) RETURNS integer AS $$
      BEGIN RETURN a + b; END;
    $$ LANGUAGE plpgsql;
    """,
    """
    /*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
    DROP TABLE IF EXISTS `users`;
    CREATE TABLE `users` (
      `id` int NOT NULL AUTO_INCREMENT,
      `name` varchar(255) DEFAULT NULL,
      PRIMARY KEY (`id`)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
    INSERT INTO `users` VALUES (1,'ada'),(2,'grace');
    """,
    """
    CREATE TABLE dbo.Orders (OrderID int PRIMARY KEY, Placed datetime2)
    GO
    CREATE INDEX IX_Orders_Placed ON dbo.Orders (Placed)
    GO
    """,
    """
    CREATE EXTERNAL TABLE example_db.hive_orders (
      k1 INT,
      k2 VARCHAR(64)
    ) ENGINE=HIVE
    PROPERTIES (
      "database" = "warehouse",
      "table" = "orders"
    );
    """,
    """
    CREATE OR REPLACE LUA SCRIPT retail.sales_report (region) RETURNS TABLE AS
      local result = query([[SELECT region, SUM(amount) FROM retail.sales GROUP BY region]])
      return result
    /
    SELECT * FROM retail.sales WHERE region = 'north';
    """,
    "SELECT name, COUNT(*) FROM `project.dataset.events` WHERE day >= '2024-01-01' GROUP BY name;\n",
  ])
  func sqlOfEachDialect(_ text: String) {
    #expect(mimeType(text) == "application/sql", "\(text.prefix(60))")
  }

  /// SQL inside a Python program's strings is Python; prose whose sentences start "Select" and
  /// "Update" is not SQL.
  @Test func sqlNearMisses() {
    let python = """
      import sqlite3

      def count_users(path):
          connection = sqlite3.connect(path)
          cursor = connection.execute("SELECT COUNT(*) FROM users; ")
          return cursor.fetchone()[0]
      """
    #expect(mimeType(python) != "application/sql")
    let prose = "Select the file you want; update its name; create a copy if you like; then close it.\n"
    #expect(mimeType(prose) != "application/sql")
    #expect(TextClassifier.isSQLOnlyStatement("INSERT INTO t VALUES (1)"))
    #expect(!TextClassifier.isSQLOnlyStatement("Select the file you want"))
  }

  /// Tables as spreadsheets, R and databases write them: semicolons where the comma is the
  /// decimal mark, vertical bars of a dump, and R's row names (a header one field short).
  @Test(arguments: [
    ("Name;Price;Stock\nApfel;1,20;14\nBirne;0,95;3\nKiwi;0,40;27\n", "4 records of 3 semicolon-separated fields each"),
    (
      "i_item_id|w_warehouse_name|d_week_seq|total\nAAAAB|Conventional|5199|1\nAAAAC|Bad cards|5200|3\n"
        + "AAAAD|Able|5201|0\n", "4 records of 4 vertical-bar-separated fields each"
    ),
    (
      "\"RDA1\",\"RDA2\",\"RDA3\"\n\"Callvulg\",-0.22,0.69,0.33\n\"Empenigr\",-0.23,-0.63,2.6\n"
        + "\"Rhodtome\",-0.17,0.11,1.2\n",
      "4 records of 4 comma-separated fields each, the first naming all but the rows' names"
    ),
  ])
  func delimitedTablesOfEachSeparator(_ text: String, _ reason: String) {
    let found = bare.identify(Array(text.utf8), fileName: nil, isComplete: true)
    #expect(found.mimeType == "text/csv")
    #expect(found.explanation == "the content: \(reason) (text/csv)")
  }

  /// Code that ends its statements in semicolons, Prolog's lists, an apt configuration whose
  /// comment has a semicolon, and a Markdown table are not tables of values.
  @Test func delimitedNearMisses() {
    let java = "String a = \"Hallo\"; // mit Inhalt\nString b = new String(); // leer\nString c = \"\"; // leer\n"
    #expect(mimeType(java) != "text/csv")
    let prolog = "remove([(X,A)|L],X,[(X,ANew)|L]) :- A>0, ANew is A-1.\nremove([X|L],Y,[X|L1]) :- remove(L,Y,L1).\n"
    #expect(mimeType(prolog) != "text/csv")
    let apt =
      "// metadata for desktop applications; nothing here reads it\n"
      + String(repeating: "Acquire::IndexTargets::deb::DEP-11 { DefaultEnabled \"false\"; };\n", count: 4)
    #expect(mimeType(apt) != "text/csv")
    let markdown =
      "| Kind | Files | Right |\n|------|------:|:-----:|\n| c | 30 | 30 |\n| go | 30 | 27 |\n| sql | 30 | 23 |\n"
    #expect(mimeType(markdown) != "text/csv")
  }

  /// TOML as Cargo, mise and release tools write it: multi-line strings, quoted and dotted keys;
  /// INI as Python's configparser (values going on on indented lines) and systemd write it. Both
  /// are read by their structure once a section is there, whatever the token model says.
  @Test(arguments: [
    (
      "commit = \"HEAD\"\nproject_name = \"containerd\"\n\npreface = \"\"\"\\\nThe 11th release: it\nadds = this\n\"\"\"\n"
        + "\n[notes]\nbreaking = []\n", "application/toml"
    ),
    (
      "[tools]\nnode = { version = \"lts\" }\n\"npm:@scope/tool\" = \"latest\"\n\n[package]\nauthors.workspace = true\n",
      "application/toml"
    ),
    (
      "[flake8]\nenable-extensions = G\nignore =\n    A003,A005\n    E203,E305,\n    W503\nmax-line-length = 100\n",
      "text/x-ini"
    ),
    (
      "[Unit]\nDescription=Runner\nAfter=network.target\n\n[Service]\nType=simple\nExecStart=/usr/bin/runner --once\n",
      "text/x-ini"
    ),
  ])
  func iniAndTOMLByTheirStructure(_ text: String, _ expected: String) {
    #expect(mimeType(text) == expected, "\(text.prefix(40))")
  }

  /// Markdown's reference links and a Python class with a bracketed list are neither INI nor TOML.
  @Test func iniNearMisses() {
    let references = "[home]\n[docs]: https://example.org/docs\n[api]: https://example.org/api\n"
    #expect(mimeType(references) != "text/x-ini" && mimeType(references) != "application/toml")
    let python = "[x for x in range(3)]\nclass Point:\n    x = 1\n    y = 2\n"
    #expect(mimeType(python) != "text/x-ini" && mimeType(python) != "application/toml")
  }

  /// YAML as CI, Kubernetes, Ansible, OpenAPI and Compose write it, whatever its vocabulary.
  @Test(arguments: [
    "name: test\non:\n  push:\n    branches: [main]\njobs:\n  build:\n    runs-on: ubuntu-latest\n"
      + "    steps:\n      - uses: actions/checkout@v4\n      - run: |\n          make\n          make test\n",
    "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports:\n    - port: 80\n      targetPort: 8080\n",
    "- hosts: webservers\n  become: true\n  tasks:\n    - name: Install nginx\n      apt:\n        name: nginx\n"
      + "        state: present\n",
    "openapi: 3.0.0\ninfo:\n  title: Pets\n  version: 1.0.0\npaths:\n  /pets/{id}:\n    get:\n"
      + "      summary: One pet\n",
  ])
  func yamlByItsStructure(_ text: String) {
    #expect(mimeType(text) == "application/x-yaml", "\(text.prefix(40))")
  }

  /// Debian's control files and mail headers (capitalised keys), INI with sections, a Makefile
  /// (tabs) and Python are not YAML.
  @Test func yamlNearMisses() {
    let control = "Package: utictl\nVersion: 0.1.0\nArchitecture: amd64\nDescription: types\n types and files\n"
    #expect(mimeType(control) != "application/x-yaml")
    let ini = "[server]\nhost: example.org\nport: 8080\nuser: admin\n"
    #expect(mimeType(ini) != "application/x-yaml")
    let make = "all: build\n\nbuild: main.o\n\tcc -o app main.o\n\nclean:\n\trm -f app main.o\n"
    #expect(mimeType(make) != "application/x-yaml")
    let python = "def main():\n    if ready:\n        run()\n    else:\n        wait()\n"
    #expect(mimeType(python) != "application/x-yaml")
  }

  /// The grammar corrects the kinds the token model confuses.
  @Test func languagesTheModelConfusesAreToldApartByGrammar() {
    let java = "package org.example.app;\n\nimport java.util.List;\n\n@Service\npublic class Orders {\n}\n"
    let cSharp = "using System;\nusing System.Linq;\n\nnamespace Example.App\n{\n    [Serializable]\n}\n"
    #expect(withLines(java) { TextClassifier.javaAndCSharpLines($0) } == (3, 0))
    #expect(withLines(cSharp) { TextClassifier.javaAndCSharpLines($0) } == (0, 4))
    let javaScript = "export function total(items) {\n  return items.reduce((sum, item) => sum + item.price, 0);\n}\n"
    let typeScript = "export function total(items: Item[]): number {\n  return items.length;\n}\n"
    #expect(withLines(javaScript) { TextClassifier.disambiguated("typescript", lines: $0) } == "javascript")
    #expect(withLines(typeScript) { TextClassifier.disambiguated("typescript", lines: $0) } == "typescript")
    let typed = [
      "const total: number = items.length\n", "const [items, setItems] = useState<Item[]>([])\n",
      "export default { content: [] } satisfies Config\n",
    ]
    for line in typed {
      #expect(withLines(line) { TextClassifier.disambiguated("typescript", lines: $0) } == "typescript", "\(line)")
    }
    let untyped = [
      "const total = ready ? items.length: 0\n", "if (a < B && C > (d)) { run() }\n",
      "import { expandGlob } from \"../expand_glob.ts\";\n",
    ]
    for line in untyped {
      #expect(withLines(line) { TextClassifier.disambiguated("typescript", lines: $0) } == "javascript", "\(line)")
    }
    let c = "#include <stdio.h>\n\nint main(void) {\n  printf(\"hi\\n\");\n  return 0;\n}\n"
    let cPlusPlus = "#include <vector>\n\nint main() {\n  std::vector<int> v{1, 2};\n  return v.size();\n}\n"
    #expect(withLines(c) { TextClassifier.disambiguated("c++", lines: $0) } == "c")
    #expect(withLines(cPlusPlus) { TextClassifier.disambiguated("c++", lines: $0) } == "c++")
  }

  /// A README that opens with HTML (a centred logo) is Markdown, with the database and without
  /// it; an HTML document and an HTML fragment without Markdown stay HTML.
  @Test func markdownOpeningWithHTMLIsMarkdown() throws {
    let readme = """
      <p align="center">
        <img src="docs/logo.png" width="200" alt="Logo">
      </p>

      # swift-thing

      A library for things. See [the guide](docs/guide.md).

      - fast
      - small
      """
    #expect(mimeType(readme) == "text/markdown")
    let page = "<!DOCTYPE html>\n<html><head><title>x</title></head>\n<body>\n# not a heading\n</body></html>\n"
    #expect(mimeType(page) == "text/html")
    let fragment = "<div class=\"card\">\n  <p>Hello</p>\n</div>\n"
    #expect(mimeType(fragment) == "text/html")
    try Peers.sharedMimeInfo.orSkip()
    let withDatabase = UTTypeRegistry.Builder(mimeDatabase: .machine).build()
    #expect(withDatabase.identify(Array(readme.utf8), fileName: nil, isComplete: true).mimeType == "text/markdown")
  }

  /// A zsh completion function (`#compdef`) is a shell script, not Markdown.
  @Test func zshCompletionsAreShellScripts() {
    let completion =
      "#compdef utictl\n\n_utictl() {\n  _arguments '1: :(info identify copy paste)'\n}\n\n_utictl \"$@\"\n"
    #expect(mimeType(completion) == "application/x-shellscript")
  }

  /// CSS needs declarations in its blocks: GNU ld's linker scripts, whose braces and colons the
  /// token model reads as CSS, are not CSS; minified CSS is.
  @Test func cssNeedsDeclarations() {
    let linker = """
      /* Script for -z combreloc */
      OUTPUT_FORMAT("elf64-x86-64", "elf64-x86-64", "elf64-x86-64")
      OUTPUT_ARCH(i386:x86-64)
      ENTRY(_start)
      SEARCH_DIR("=/usr/local/lib/x86_64-linux-gnu");
      SECTIONS
      {
        PROVIDE (__executable_start = SEGMENT_START("text-segment", 0x400000));
        . = SEGMENT_START("text-segment", 0x400000) + SIZEOF_HEADERS;
        .interp         : { *(.interp) }
        .note.gnu.build-id  : { *(.note.gnu.build-id) }
        .text           :
        {
          *(.text.unlikely .text.*_unlikely .text.unlikely.*)
          *(.text .stub .text.* .gnu.linkonce.t.*)
        }
      }
      """
    #expect(withLines(linker) { TextClassifier.isCSS($0) } == false)
    #expect(mimeType(linker) != "text/css")
    let css = "body {\n  margin: 0;\n  font-family: sans-serif;\n}\n.card:hover { --lift: 2px; color: #333 }\n"
    #expect(withLines(css) { TextClassifier.isCSS($0) })
    #expect(withLines("a{color:red;text-decoration:none}b{font-weight:700}") { TextClassifier.isCSS($0) })
  }
}

/// `body` applied to the lines of `text`, read as the classifier reads a prefix (the lines point
/// into the bytes, which live for the call).
func withLines<T>(_ text: String, _ body: (TextLines) -> T) -> T {
  Array(text.utf8).withUnsafeBytes { body(TextLines($0)) }
}

/// A C or C++ header against a source file: the include guard makes a header; a definition of
/// `main` or of a member out of line, at the start of a line, a source.
@Suite struct SourceOrHeaderTests {
  func lines(_ text: String) -> Bool {
    Array(text.utf8).withUnsafeBytes { TextClassifier.hasSourceDefinitions(TextLines($0)) }
  }

  @Test func definitionsOutOfLineAndMainMakeASource() {
    #expect(lines("double Circle::area() const {\n  return 1;\n}\n"))
    #expect(lines("Shape::~Shape() = default;\n"))
    #expect(lines("std::unique_ptr<Shape> geometry::make(int sides) {\n"))
    #expect(lines("int main(int argc, char **argv) {\n"))
    #expect(lines("const Point &a::b::origin() {\n"))
  }

  /// Near misses: a member defined inside its class (indented), a call through a namespace in a
  /// body, an out-of-line name in a comment or after an assignment, a declaration of `main`'s kin.
  @Test func declarationsAndCallsDoNot() {
    #expect(!lines("class Circle {\n  double area() const { return 1; }\n};\n"))
    #expect(!lines("  std::cout << std::setw(4) << x;\n"))
    #expect(!lines("// see Circle::area() for the formula\n"))
    #expect(!lines("auto f = Circle::make(2);\n"))
    #expect(!lines("int mainly(void);\nstatic int main_loop(int);\n"))
    #expect(!lines("::std::size_t count(void);\n"))
  }

  /// The grammar over the model's answer: a guard makes a header whatever the model said; a
  /// source's definitions make a source of what the model took for a header.
  @Test func theGrammarDecidesBetweenHeaderAndSource() {
    let guarded = "#pragma once\ndouble Circle::area() const { return 1; }\n"
    let defining = "#include <vector>\nint main() {\n  return 0;\n}\n"
    let header = "#include <vector>\nclass Circle {\n  double area() const;\n};\n"
    func format(_ kind: String, _ text: String) -> Format? {
      Array(text.utf8).withUnsafeBytes { TextClassifier.sourceOrHeader(kind, lines: TextLines($0)) }
    }
    #expect(format("c++", guarded) == .cPlusPlusHeader)
    #expect(format("c++-header", defining) == Format.textModelKinds["c++"])
    #expect(format("c-header", defining) == Format.textModelKinds["c"])
    #expect(format("c++-header", header) == .cPlusPlusHeader)
    // A guard defines its name bare or as 1; a default given where a system lacks it is no guard.
    let classic = "#ifndef LIST_H\n#define LIST_H\n\nstruct list;\n"
    let one = "#ifndef LIST_H\n#define LIST_H 1\n\nstruct list;\n"
    let fallback =
      "#include <limits.h>\n#ifndef PATH_MAX\n#define PATH_MAX 4096\n#endif\n\nint main(void) { return 0; }\n"
    #expect(format("c", classic) == .cHeader)
    #expect(format("c", one) == .cHeader)
    #expect(format("c", fallback) == Format.textModelKinds["c"])
  }
}
