extension String {
  /// The string with each character `replacement` names replaced by what it gives (nil keeps
  /// the character): what the writers of XML and desktop entries escape with.
  package func escaping(_ replacement: (Character) -> String?) -> String {
    var escaped = ""
    escaped.reserveCapacity(utf8.count)
    for character in self {
      if let replaced = replacement(character) { escaped += replaced } else { escaped.append(character) }
    }
    return escaped
  }
}
