import Testing

@testable import TypeRegistry

@Suite("Identifier table")
struct IdentifierTableTests {
  @Test func findsEveryKeyAfterGrowingAndNothingElse() {
    var table = IdentifierTable()
    let keys =
      (0..<20_000).map { "com.example.t\($0)" } + ["", "a", "public.png", "😀.é", String(repeating: "x", count: 100)]
    for key in keys { #expect(table.insert(key, hash: IdentifierTable.hash(key)) == Int32(table.count - 1)) }
    for (id, key) in keys.enumerated() { #expect(table.find(key) == Int32(id)) }
    #expect(table.find("com.example.t20000") == nil)
    #expect(table.find("com.example.T1") == nil)  // callers fold case first
    #expect(table.keys == keys)
  }
}
