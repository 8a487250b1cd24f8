import Testing

@testable import TypeRegistry

@Suite("Identifier table")
struct IdentifierTableTests {
  @Test func findsEveryKeyAfterGrowingAndNothingElse() {
    var table = IdentifierTable()
    let keys =
      (0..<20_000).map { "com.example.t\($0)" } + ["", "a", "public.png", "😀.é", String(repeating: "x", count: 100)]
    for (id, key) in keys.enumerated() {
      let (found, inserted) = table.findOrInsert(key)
      #expect(found == Int32(id) && inserted)
    }
    for (id, key) in keys.enumerated() { #expect(table.find(key) == Int32(id)) }
    #expect(table.findOrInsert("com.example.t7") == (7, false))
    #expect(table.count == keys.count)
    #expect(table.find("com.example.t20000") == nil)
    #expect(table.find("com.example.T1") == nil)  // callers fold case first
  }
}
