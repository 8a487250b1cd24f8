extension TextClassifier {
  /// The words SQL statements start with, in the dialects people write (PostgreSQL, MySQL,
  /// SQLite, T-SQL, BigQuery, Oracle, Exasol, Hive).
  static let sqlStatementWords: Set<String> = [
    "SELECT", "INSERT", "UPDATE", "DELETE", "CREATE", "ALTER", "DROP", "WITH", "GRANT", "REVOKE", "MERGE",
    "TRUNCATE", "COMMENT", "REPLACE", "SET", "USE", "SHOW", "CALL", "EXEC", "EXECUTE", "DECLARE", "BEGIN",
    "COMMIT", "ROLLBACK", "START", "END", "PRAGMA", "VACUUM", "ANALYZE", "EXPLAIN", "COPY", "LOCK", "UNLOCK",
    "RENAME", "LOAD", "VALUES", "IF", "PRINT", "SAVEPOINT", "RELEASE", "REINDEX", "ATTACH", "DETACH", "REFRESH",
    "DO", "OPEN", "CLOSE", "FETCH", "RETURN", "RAISE", "MSCK", "DESCRIBE", "DESC", "UPSERT", "OPTIMIZE",
  ]

  /// The objects a definition statement names (`CREATE OR REPLACE TEMPORARY TABLE`, `DROP INDEX`).
  static let sqlObjects: Set<String> = [
    "TABLE", "VIEW", "INDEX", "DATABASE", "SCHEMA", "FUNCTION", "PROCEDURE", "TRIGGER", "SEQUENCE", "TYPE",
    "DOMAIN", "EXTENSION", "ROLE", "USER", "SCRIPT", "POLICY", "AGGREGATE", "COLUMN", "CONSTRAINT", "MATERIALIZED",
    "EVENT", "RULE", "SERVER", "TABLESPACE", "PUBLICATION", "SUBSCRIPTION", "COLLATION", "OPERATOR", "CAST",
    "SYNONYM", "PACKAGE", "CONNECTION", "WAREHOUSE", "STAGE", "STREAM", "TASK", "MACRO", "MODEL",
  ]

  /// SQL: two or more statements (split at `;` and T-SQL's `GO` lines, outside quotes, dollar
  /// quotes and comments), nearly all starting with a statement's word, one of them at least a
  /// statement only SQL writes (`CREATE TABLE`, `INSERT INTO`, `SELECT … FROM`, `UPDATE … SET`,
  /// `DELETE FROM`, `WITH … AS (`); or one such statement ended by `;`. A sentence that starts
  /// with "Select" or "Update", SQL in another language's strings, and SQL in a Markdown fence
  /// are not.
  static func isSQL(_ lines: TextLines) -> Bool {
    guard startsAsSQL(lines) else { return false }
    let statements = sqlStatements(lines)
    guard !statements.complete.isEmpty else { return false }
    let all = statements.complete + (statements.rest.map { [$0] } ?? [])
    let starting = all.count { sqlStatementWords.contains(firstSQLWord($0)) }
    let strong = all.count(where: isSQLOnlyStatement)
    guard strong >= 1, starting * 10 >= all.count * 9 else { return false }
    return all.count >= 2 || statements.rest == nil
  }

  /// Whether the first line that is not a comment starts with a statement's word: most text
  /// stops here, before its statements are split.
  static func startsAsSQL(_ lines: TextLines) -> Bool {
    var inComment = false
    for index in lines.significant {
      let line = lines.string(index).trimmingSpaces
      if inComment {
        if let end = line.firstRange(of: "*/") {
          inComment = false
          if !line[end.upperBound...].trimmingSpaces.isEmpty {
            return sqlStatementWords.contains(firstSQLWord(String(line[end.upperBound...]).trimmingSpaces))
          }
        }
        continue
      }
      if line.hasPrefix("--") { continue }
      if line.hasPrefix("/*") {
        inComment = !line.contains("*/")
        continue
      }
      return sqlStatementWords.contains(firstSQLWord(line))
    }
    return false
  }

  /// The upper-cased words of `statement` (letters, digits, `_`), and its punctuation kept.
  static func sqlWords(_ statement: String) -> [String] {
    statement.uppercased().split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "(" || $0 == "*") }
      .map(String.init)
  }

  static func firstSQLWord(_ statement: String) -> String {
    let word = statement.prefix { !$0.isWhitespace && $0 != "(" }
    return word.uppercased()
  }

  /// A statement no other language starts a line with.
  static func isSQLOnlyStatement(_ statement: String) -> Bool {
    let words = sqlWords(statement)
    guard let first = words.first else { return false }
    let head = Set(words.prefix(8))
    switch first {
    case "CREATE", "ALTER", "DROP", "TRUNCATE", "COMMENT":
      return !head.isDisjoint(with: sqlObjects) || head.contains("ON")
    case "INSERT", "REPLACE", "UPSERT":
      return words.count > 1 && ["INTO", "OVERWRITE", "IGNORE", "OR"].contains(words[1])
    case "SELECT": return words.contains("FROM") || words.contains("*")
    case "UPDATE": return words.contains("SET")
    case "DELETE": return words.count > 1 && words[1] == "FROM"
    case "MERGE": return words.count > 1 && words[1] == "INTO"
    case "WITH": return statement.uppercased().contains(" AS (") || statement.uppercased().contains(" AS(")
    case "GRANT", "REVOKE": return words.contains("ON") && (words.contains("TO") || words.contains("FROM"))
    default: return false
    }
  }

  /// The statements of the prefix, comments removed: those ended by `;` (or a `GO` line), and
  /// what follows the last (nil where only blanks do).
  static func sqlStatements(_ lines: TextLines) -> (complete: [String], rest: String?) {
    var complete: [String] = []
    var current = ""
    var quote: Character?
    var inDollarQuote = false
    var sinceDollar = 0
    var blockComment = false
    for index in 0..<lines.count {
      let line = lines.string(index)
      if quote == nil, !inDollarQuote, !blockComment, line.trimmingSpaces.uppercased() == "GO" {
        if !current.trimmingSpaces.isEmpty { complete.append(current.trimmingSpaces) }
        current = ""
        continue
      }
      var characters = line.makeIterator()
      var previous: Character = " "
      while let c = characters.next() {
        defer { previous = c }
        if blockComment {
          if previous == "*" && c == "/" { blockComment = false }
          continue
        }
        if let open = quote {
          current.append(c)
          if c == open { quote = nil }
          continue
        }
        if inDollarQuote {
          // A dollar-quoted body (PostgreSQL's functions), to the next `$$`.
          current.append(c)
          sinceDollar += 1
          if c == "$" && previous == "$" && sinceDollar >= 2 { inDollarQuote = false }
          continue
        }
        switch c {
        case "'", "\"", "`":
          quote = c
          current.append(c)
        case "-" where previous == "-":
          current.removeLast()
          while characters.next() != nil {}  // a line comment, to the end of the line
        case "*" where previous == "/":
          current.removeLast()
          blockComment = true
        case "$" where previous == "$":
          current.append(c)
          (inDollarQuote, sinceDollar) = (true, 0)
        case ";":
          if !current.trimmingSpaces.isEmpty { complete.append(current.trimmingSpaces) }
          current = ""
        default:
          current.append(c)
        }
      }
      if quote == nil && !inDollarQuote && !blockComment { current.append(" ") } else { current.append("\n") }
    }
    let rest = current.trimmingSQLBlanks()
    return (complete, rest.isEmpty ? nil : rest)
  }
}

extension String {
  /// The text without leading and trailing spaces, tabs and line breaks.
  fileprivate func trimmingSQLBlanks() -> String {
    let blank = { (c: Character) in c == " " || c == "\n" || c == "\t" }
    guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
    return String(self[first...last])
  }
}
