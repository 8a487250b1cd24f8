/// The grammar that tells apart languages the token model confuses (Java and C#, TypeScript and
/// JavaScript, C and C++), and YAML read by its structure.
extension TextClassifier {
  /// The model's `kind`, corrected where the grammar says otherwise: Java's `package` and
  /// `import` lines against C#'s `using` and `namespace`; TypeScript only with type syntax; C++
  /// only with what C lacks.
  static func disambiguated(_ kind: String, lines: TextLines) -> String {
    switch kind {
    case "java", "c#":
      let (java, cSharp) = javaAndCSharpLines(lines)
      if java > cSharp { return "java" }
      if cSharp > java { return "c#" }
      return kind
    case "typescript": return hasTypeSyntax(lines) ? kind : "javascript"
    case "c++": return hasCPlusPlusSyntax(lines) ? kind : "c"
    case "c++-header": return hasCPlusPlusSyntax(lines) ? kind : "c-header"
    default: return kind
    }
  }

  /// How many lines only Java writes (`package a.b;`, `import a.b.C;`, `import static`, an
  /// annotation line) and how many only C# writes (`using A.B;`, `namespace A.B`, an attribute
  /// line `[Name(…)]`).
  static func javaAndCSharpLines(_ lines: TextLines) -> (java: Int, cSharp: Int) {
    var java = 0
    var cSharp = 0
    for index in lines.significant {
      let line = lines.string(index).trimmingSpaces
      if line.hasSuffix(";"), line.hasPrefix("package ") || line.hasPrefix("import ") {
        let name = line.dropFirst(line.hasPrefix("package ") ? 8 : 7).dropLast()
        if name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "*" || $0 == " " }) {
          java += 1
        }
      } else if line.hasPrefix("@"), line.dropFirst().first?.isUppercase == true, !line.contains(";") {
        java += 1
      } else if line.hasPrefix("using "), line.hasSuffix(";") || line.hasSuffix("{") || line.hasSuffix(")") {
        cSharp += 1
      } else if line.hasPrefix("namespace ") {
        cSharp += 1
      } else if line.hasPrefix("["), line.hasSuffix("]"), line.dropFirst().first?.isUppercase == true {
        cSharp += 1
      }
    }
    return (java, cSharp)
  }

  /// TypeScript's own syntax: an annotated parameter or binding (`x: string`, `): Promise<T>`),
  /// `interface`, `type X =`, `enum`, `implements`, `as const`, access modifiers on members,
  /// `import type`, a generic declaration (`function f<T>`), a non-null assertion (`x!.`).
  static func hasTypeSyntax(_ lines: TextLines) -> Bool {
    let annotations = [
      ": string", ": number", ": boolean", ": void", ": any", ": unknown", ": never", ": Promise<", ": Record<",
      ": Array<", ": readonly ", "): ", "?: ", "!.", " as const", " implements ", "<T>", "<T,", "import type ",
      "export type ", "export interface ", "private ", "protected ", "public ", "readonly ",
    ]
    for index in lines.significant {
      let line = lines.string(index).trimmingSpaces
      if line.hasPrefix("//") || line.hasPrefix("*") || line.hasPrefix("/*") { continue }
      if line.hasPrefix("interface ") || line.hasPrefix("type ") || line.hasPrefix("enum ")
        || line.hasPrefix("declare ") || line.hasPrefix("abstract class ")
      {
        return true
      }
      if annotations.contains(where: { line.contains($0) }) || hasTypeScriptMarks(line) { return true }
    }
    return false
  }

  /// The rest of TypeScript's own syntax, on a line: a typed binding (`const total: number`), an
  /// explicit type argument (`useState<Item[]>(`), `satisfies`. (An import of a `.ts` module is
  /// not one: Deno's JavaScript imports TypeScript.)
  static func hasTypeScriptMarks(_ line: String) -> Bool {
    if line.contains(" satisfies ") { return true }
    for keyword in ["const ", "let ", "var ", "export const ", "export let "] where line.hasPrefix(keyword) {
      let name = line.dropFirst(keyword.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
      if !name.isEmpty, line.dropFirst(keyword.count + name.count).hasPrefix(": ") { return true }
    }
    return hasTypeArguments(line)
  }

  /// Whether a call on the line names its type arguments: `name<Type>(`, the type a capitalised
  /// name, perhaps an array, a union or a list (`Map<string, Item[]>` too).
  static func hasTypeArguments(_ line: String) -> Bool {
    var rest = Substring(line)
    while let open = rest.firstIndex(of: "<") {
      defer { rest = rest[rest.index(after: open)...] }
      guard open > rest.startIndex, let before = rest[..<open].last, before.isLetter || before.isNumber else {
        continue
      }
      let tail = rest[rest.index(after: open)...]
      let inside = tail.prefix { $0 != ">" }
      guard let first = inside.first, first.isUppercase, tail.dropFirst(inside.count).hasPrefix(">(") else { continue }
      if inside.allSatisfy({ $0.isLetter || $0.isNumber || "[]|,. _".contains($0) }) { return true }
    }
    return false
  }

  /// What C++ writes and C does not: `::`, `template`, `namespace`, a class with access
  /// sections, `std::`, `#include` of a header without `.h` (`<vector>`), `nullptr`, `new`,
  /// references to `const`, `operator`, lambdas' captures.
  static func hasCPlusPlusSyntax(_ lines: TextLines) -> Bool {
    let marks = [
      "::", "template<", "template <", "namespace ", "nullptr", "public:", "private:", "protected:", "operator",
      "constexpr", "static_cast<", "const&", "const &", "[&]", "[=]", " new ", "delete ", "virtual ", "override",
      "typename ", "using ", "class ", "noexcept", "decltype", "co_await", "#include <iostream>",
    ]
    for index in lines.significant {
      let line = lines.string(index).trimmingSpaces
      if line.hasPrefix("//") || line.hasPrefix("*") || line.hasPrefix("/*") { continue }
      if marks.contains(where: { line.contains($0) }) { return true }
      if line.hasPrefix("#include <"), let end = line.firstIndex(of: ">"),
        !line[..<end].contains(".")
      {
        return true
      }
    }
    return false
  }
}

extension TextClassifier {
  /// Whether a line, at its start, defines `main` or a member outside its class
  /// (`double Circle::area() const {`, `Shape::~Shape()`): what a source file does and a header
  /// seldom does. In the corpus's training set, 70 of 159 C++ sources and 3 of 159 C++ headers
  /// have such a line; `main`, 40 of 160 C sources and no C header.
  static func hasSourceDefinitions(_ lines: TextLines) -> Bool {
    lines.significant.contains { index in
      let line = lines.string(index)
      guard let first = line.first, first.isLetter || first == "_" else { return false }
      if line.hasPrefix("int main(") || line.hasPrefix("int main (") { return true }
      guard let parenthesis = line.firstIndex(of: "(") else { return false }
      let head = line[..<parenthesis].trimmingSpaces
      let allowed = { (c: Character) in c.isLetter || c.isNumber || "_:<>,*&~ ".contains(c) }
      guard head.allSatisfy(allowed), let name = head.split(separator: " ").last else { return false }
      let parts = name.drop { $0 == "*" || $0 == "&" }.split(separator: ":", omittingEmptySubsequences: false)
      // `A::b` splits into "A", "", "b": a qualified name has an empty part between each pair.
      guard parts.count >= 3, parts.count % 2 == 1 else { return false }
      return parts.enumerated().allSatisfy { offset, part in
        let word = offset == parts.count - 1 && part.hasPrefix("~") ? part.dropFirst() : part
        return offset % 2 == 1
          ? part.isEmpty
          : word.first.map { $0.isLetter || $0 == "_" } == true
            && word.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
      }
    }
  }
}
