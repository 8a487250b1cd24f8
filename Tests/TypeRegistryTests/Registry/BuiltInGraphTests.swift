import Foundation
import TestSupport
import Testing

@testable import TypeRegistry

/// The compiled-in graph that registries of the system types start from is the one the builder
/// computes from the catalog's entries and the detectors' formats; the generated file is
/// rewritten with `UTI_REGENERATE=1 swift test --filter BuiltInGraphTests` after either changes.
@Suite("Built-in catalog graph")
struct BuiltInGraphTests {
  static let path = packageRoot.appendingPathComponent("Sources/TypeRegistry/Generated/BuiltInCatalog+Graph.swift")
    .path

  /// The graph the builder makes of the system declarations, from scratch.
  static func buildersGraph() -> BuiltInCatalog.Graph {
    let registry = UTTypeRegistry.buildingBuiltInFromScratch()
    return BuiltInCatalog.Graph(
      identifiers: registry.records.map(\.declaration.identifier), parentStart: registry.parents.start,
      parents: registry.parents.ids, ancestorStart: registry.ancestors.start, ancestors: registry.ancestors.ids)
  }

  @Test func theCompiledInGraphIsTheBuilders() throws {
    let built = UTTypeRegistry.buildingBuiltInFromScratch()
    // Ids are declaration indices only while no system identifier repeats.
    #expect(built.conflicts.isEmpty && built.cycles.isEmpty && built.unknownParents.isEmpty)
    let graph = Self.buildersGraph()
    #expect(graph.identifiers == BuiltInCatalog.systemDeclarations.map(\.identifier))
    let constantIDs = UTType.constants.map { UTTypeRegistry.builtIn.id(of: $0.identifier) ?? -1 }
    let source = Self.source(
      of: graph, identifiers: BuiltInCatalog.identifierTable(of: graph).layout, constantIDs: constantIDs)
    if ProcessInfo.processInfo.environment["UTI_REGENERATE"] == "1" {
      try source.write(toFile: Self.path, atomically: true, encoding: .utf8)
    }
    #expect(
      try String(contentsOfFile: Self.path, encoding: .utf8) == source,
      "the generated graph is out of date: UTI_REGENERATE=1 swift test --filter BuiltInGraphTests")
    #expect(BuiltInCatalog.graph == graph)
    // The compiled-in identifier table is the one interning the graph's identifiers makes.
    let table = BuiltInCatalog.identifierTable(of: graph)
    #expect(BuiltInCatalog.graphIdentifierLayout == table.layout)
    let compiledIn = try #require(IdentifierTable(BuiltInCatalog.graphIdentifierLayout))
    #expect(compiledIn.count == graph.identifiers.count)
    for (id, identifier) in graph.identifiers.enumerated() {
      #expect(compiledIn.find(UTTypeRegistry.fold(identifier)) == Int32(id), "\(identifier)")
    }
    #expect(compiledIn.find("public.no-such-type") == nil)
    // And each UTType constant's id, as the catalog's registry has it.
    #expect(BuiltInCatalog.graphConstantIDs == constantIDs)
    #expect(UTType.constantIDs == constantIDs.map { $0 < 0 ? nil : $0 })
  }

  /// A layout that is not this machine's (tags of another hash, a slot outside the table, a key
  /// outside the arena) is refused, and the table is built instead.
  @Test func aForeignIdentifierLayoutIsRefused() throws {
    let layout = BuiltInCatalog.graphIdentifierLayout
    try #require(layout.used.count >= 5, "the compiled-in layout is empty")
    var used = layout.used
    used[1] ^= 0x8000_0000
    #expect(IdentifierTable(.init(slotCount: layout.slotCount, used: used, arena: layout.arena)) == nil)
    used = layout.used
    used[0] = UInt32(layout.slotCount)
    #expect(IdentifierTable(.init(slotCount: layout.slotCount, used: used, arena: layout.arena)) == nil)
    #expect(IdentifierTable(.init(slotCount: layout.slotCount, used: layout.used, arena: "public.")) == nil)
    #expect(IdentifierTable(.init(slotCount: 3000, used: layout.used, arena: layout.arena)) == nil)
    #expect(IdentifierTable(layout)?.layout == layout)
  }

  @Test func aRegistryOfTheSystemTypesAnswersAsOneBuiltFromScratch() throws {
    let fast = UTTypeRegistry.Builder(mimeDatabase: nil).build()
    let slow = UTTypeRegistry.buildingBuiltInFromScratch()
    #expect(fast.count == slow.count)
    for (a, b) in zip(fast.allTypes, slow.allTypes) {
      #expect(a.identifier == b.identifier)
      #expect(Set(a.supertypes.map(\.identifier)) == Set(b.supertypes.map(\.identifier)))  // a set: no order
      #expect(a.tags == b.tags)
      #expect(a.localizedDescription == b.localizedDescription)
      #expect(fast.declaration(of: a)?.origin == "built-in")
    }
    #expect(fast.type(withIdentifier: "PUBLIC.PNG")?.conforms(to: .data) == true)
    #expect(fast.type(withIdentifier: "public.png")?.conforms(to: .text) == false)
    #expect(fast.preferredType(tag: "png", tagClass: .filenameExtension, conformingTo: nil)?.identifier == "public.png")
  }

  @Test func declarationsMadeOneAtATimeAreTheCatalogsOwn() async {
    let all = BuiltInCatalog.systemDeclarations
    // From several tasks at once, in an order of their own: each index is made once and kept.
    await withTaskGroup(of: Void.self) { group in
      for part in 0..<4 {
        group.addTask {
          for index in stride(from: all.count - 1 - part, through: 0, by: -4) {
            _ = BuiltInCatalog.systemDeclaration(at: index)
          }
        }
      }
    }
    for (index, declaration) in all.enumerated() {
      let made = BuiltInCatalog.systemDeclaration(at: index)
      #expect(made.identifier == declaration.identifier && made.index == declaration.index)
      #expect(made.conformsTo == declaration.conformsTo && made.tags == declaration.tags)
      #expect(made.description == declaration.description && made.isBuiltIn)
    }
  }

  /// The Swift source of `graph`, laid out as `swift format` leaves it.
  static func source(of graph: BuiltInCatalog.Graph, identifiers table: IdentifierTable.Layout, constantIDs: [Int32])
    -> String
  {
    func integers(_ values: [some BinaryInteger], indent: Int = 6) -> String {
      var lines: [String] = []
      let margin = String(repeating: " ", count: indent)
      var line = margin
      for value in values {
        let item = " \(value),"
        if line.count + item.count > 121 {
          lines.append(line)
          line = margin
        }
        line += item
      }
      lines.append(line)
      return lines.map { String($0.dropFirst()) }.joined(separator: "\n")
    }
    let identifiers = graph.identifiers.map { "      \"\($0)\"," }.joined(separator: "\n")
    // One key to a line, each line's break escaped: the arena is the keys without separators.
    let bytes = Array(table.arena.utf8)
    let keys = stride(from: 0, to: table.used.count, by: 5).sorted { table.used[$0 + 3] < table.used[$1 + 3] }.map {
      let start = Int(table.used[$0 + 3])
      return "      " + String(decoding: bytes[start..<start + Int(table.used[$0 + 4])], as: UTF8.self)
    }
    let arena = keys.joined(separator: "\\\n")
    return """
      // Generated by BuiltInGraphTests (UTI_REGENERATE=1 swift test --filter BuiltInGraphTests) from the
      // system declarations: the builder's graph of the catalog and the detectors' formats. Do not edit.

      extension BuiltInCatalog {
        static let graph = Graph(
          identifiers: [
      \(identifiers)
          ],
          parentStart: [
      \(integers(graph.parentStart))
          ],
          parents: [
      \(integers(graph.parents))
          ],
          ancestorStart: [
      \(integers(graph.ancestorStart))
          ],
          ancestors: [
      \(integers(graph.ancestors))
          ])

        /// The identifier table of `graph`'s identifiers, written out (``IdentifierTable/Layout``).
        static let graphIdentifierLayout = IdentifierTable.Layout(
          slotCount: \(table.slotCount),
          used: [
      \(integers(table.used))
          ],
          arena: \"\"\"
      \(arena)
            \"\"\"
        )

        /// The id of each `UTType` constant's type (`UTType.constants`, in order), -1 where the
        /// catalog lacks it.
        static let graphConstantIDs: [Int32] = [
      \(integers(constantIDs, indent: 4))
        ]
      }

      """
  }
}
