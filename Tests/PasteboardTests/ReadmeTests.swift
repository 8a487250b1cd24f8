import Foundation
import TestSupport
import Testing
import TypeRegistry

@testable import Pasteboard

/// The README's examples, as written there (paths from the package root), with their comments
/// turned into expectations.
@Suite("README examples")
@MainActor
struct ReadmeTests {
  struct ArrowTool: Codable, Transferable, Equatable {
    var color = "red"
    static var transferRepresentation: some TransferRepresentation {
      CodableRepresentation(contentType: .arrowTool)
    }
  }

  @Test func itemProvidersTransferableAndPasteboards() async throws {
    let pngBytes = try Data(contentsOf: packageRoot.appendingPathComponent("Examples/PointyBug/ladybug.png"))
    let provider = NSItemProvider(object: "Hello" as NSString)
    provider.registerDataRepresentation(for: .png) { completion in
      completion(pngBytes, nil)
      return nil
    }
    #expect(provider.registeredTypeIdentifiers == ["public.utf8-plain-text", "public.png"])
    let text = try await provider.loadObject(ofClass: String.self)
    #expect(text == "Hello")
    let image = try await provider.loadDataRepresentation(for: .image)
    #expect(image == pngBytes)

    let tool = NSItemProvider()
    tool.register(ArrowTool())
    let arrow = try await tool.loadTransferable(type: ArrowTool.self)
    #expect(arrow == ArrowTool(color: "red"))

    let board = Pasteboard.general
    let before = board.changeCount
    board.itemProviders = [provider]
    #expect(board.contains(pasteboardTypes: ["public.image"]))
    #expect(board.string == "Hello")
    #expect(board.changeCount > before)
  }

  struct ImageDrop: DropDelegate {
    let dropped: Signal<Int>
    func performDrop(info: DropInfo) -> Bool {
      guard info.hasItemsConforming(to: [.image]),
        let provider = info.itemProviders(for: [.image]).first
      else { return false }
      provider.loadDataRepresentation(for: .image) { data, _ in dropped.deliver(data?.count ?? 0) }
      return true
    }
  }

  @Test func dragAndDrop() async throws {
    let dropped = Signal<Int>()
    let surface = DropSurface()
    surface.addTarget(
      DropTarget(
        frame: CGRect(x: 0, y: 0, width: 800, height: 600), of: [.image], delegate: ImageDrop(dropped: dropped)))
    let screenshot = NSItemProvider(
      contentsOf: packageRoot.appendingPathComponent("Examples/PointyBug/ladybug.png"))!
    surface.begin(DragSession(items: [screenshot]), at: CGPoint(x: 900, y: 300))
    #expect(surface.move(to: CGPoint(x: 400, y: 300)) == .copy)
    #expect(surface.end(at: CGPoint(x: 400, y: 300)) == .copy)
    #expect(await dropped.value == 816)

    let log = Box<[String]>([])
    var driver = DragGestureDriver(
      DragGesture()
        .onChanged { value in log.update { $0.append("translation \(value.translation.width)") } }
        .onEnded { value in log.update { $0.append("predicted end \(value.predictedEndTranslation.width.rounded())") } }
    )
    driver.pointerDown(at: .zero, time: 0)
    driver.pointerMoved(to: CGPoint(x: 40, y: 0), time: 0.05)
    driver.pointerUp(at: CGPoint(x: 60, y: 0), time: 0.1)
    #expect(log.value == ["translation 40.0", "predicted end 210.0"])
  }
}
