import Foundation
import Testing
import TypeRegistry

@testable import Pasteboard

/// The answers a port of SwiftUI and UIKit drop code relies on, each with a delegate written the
/// way the tutorials write theirs.
@Suite("Drop: as Apple apps expect it")
@MainActor
struct ApplePortDropTests {
  /// A screenshot drop in the PointyBug tutorial's shape: the location it sees, the provider it
  /// keeps, and a load it starts.
  final class ScreenshotDrop: DropDelegate, @unchecked Sendable {
    var locations: [CGPoint] = []
    var keptProvider: ItemProvider?
    let loaded = Signal<Result<Data, ItemProviderError>>()

    func dropUpdated(info: DropInfo) -> DropProposal? {
      locations.append(info.location)
      return nil
    }

    func performDrop(info: DropInfo) -> Bool {
      guard let provider = info.itemProviders(for: [.image]).first else { return false }
      keptProvider = provider
      let loaded = loaded
      provider.loadDataRepresentation(for: .image) { data, error in
        if let data { loaded.deliver(.success(data)) } else { loaded.deliver(.failure(error as! ItemProviderError)) }
      }
      return true
    }
  }

  /// A provider whose PNG arrives 50 ms after it is asked for: the load outlives `performDrop`.
  static func slowPNG(_ bytes: Data) -> ItemProvider {
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .png) { completion in
      DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { completion(bytes, nil) }
      return nil
    }
    return provider
  }

  @Test func theLocationIsInTheDropViewsOwnCoordinates() {
    let delegate = ScreenshotDrop()
    let surface = DropSurface()
    surface.addTarget(
      DropTarget(frame: CGRect(x: 100, y: 200, width: 300, height: 300), of: [.image], delegate: delegate))
    surface.begin(DragSession(items: [dataProvider(.png, Data("png".utf8))]), at: .zero)
    surface.move(to: CGPoint(x: 150, y: 260))
    #expect(delegate.locations == [CGPoint(x: 50, y: 60)], "relative to the target's origin, as SwiftUI gives it")
    #expect(surface.dragLocation == CGPoint(x: 150, y: 260), "the host reads surface coordinates from the surface")
  }

  @Test func loadsStartedInPerformDropFinishButLaterOnesFail() async throws {
    let delegate = ScreenshotDrop()
    let surface = DropSurface()
    surface.addTarget(DropTarget(frame: CGRect(x: 0, y: 0, width: 100, height: 100), of: [.image], delegate: delegate))
    let bytes = Data("a slow png".utf8)
    surface.begin(DragSession(items: [Self.slowPNG(bytes)]), at: CGPoint(x: 10, y: 10))
    #expect(surface.end(at: CGPoint(x: 10, y: 10)) == .copy)

    // The load started inside performDrop completes, after performDrop returned.
    #expect(try await delegate.loaded.value.get() == bytes)

    // The provider kept for later fails: the drop is over.
    let provider = try #require(delegate.keptProvider)
    let (data, error) = await completion { done in provider.loadDataRepresentation(for: .image, completionHandler: done)
    }
    #expect(data == nil)
    #expect(providerCode(error) == .itemUnavailableError)
    #expect("\(error!)".contains("the drop is over"), "\(error!)")
  }

  /// A delegate that proposes a move, as a reordering list does.
  struct MoveDrop: DropDelegate {
    let performed: Box<Int>
    func dropUpdated(info: DropInfo) -> DropProposal? { DropProposal(operation: .move) }
    func performDrop(info: DropInfo) -> Bool {
      performed.update { $0 += 1 }
      return true
    }
  }

  static func dropMoving(_ session: (@escaping (DropOperation) -> Void) -> DragSession) -> (DropOperation, Int) {
    let performed = Box(0)
    let ended = Box<DropOperation?>(nil)
    let surface = DropSurface()
    surface.addTarget(
      DropTarget(
        frame: CGRect(x: 0, y: 0, width: 100, height: 100), of: [.data], delegate: MoveDrop(performed: performed)))
    surface.begin(session { operation in ended.update { $0 = operation } }, at: CGPoint(x: 10, y: 10))
    let result = surface.end(at: CGPoint(x: 20, y: 20))
    #expect(ended.value == result, "the source hears what the surface returns")
    return (result, performed.value)
  }

  @Test func aMoveIntoAnotherApplicationIsNotAMove() {
    let item = { dataProvider(.png, Data("png".utf8)) }
    let within = Self.dropMoving { DragSession(items: [item()], onEnded: $0) }
    #expect(within == (.move, 1), "within the application the source allows moves")

    let outside = Self.dropMoving { DragSession.crossingApplicationBoundary(items: [item()], onEnded: $0) }
    #expect(outside == (.cancel, 0), "outside it a move is treated as a cancel, as UIKit treats it")

    let allowed = Self.dropMoving {
      DragSession.crossingApplicationBoundary(items: [item()], operationsOutsideApp: [.copy, .move], onEnded: $0)
    }
    #expect(allowed == (.move, 1), "unless the source allows moves outside its application")
  }

  @Test func theContextIsTheApplicationNotTheProcess() {
    let other = AppIdentity(bundleIdentifier: "com.example.other")
    let sameApp = AppIdentity(bundleIdentifier: AppIdentity.current.bundleIdentifier, processIdentifier: 1)
    #expect(!DragSession(items: [], destination: other).isWithinApp)
    #expect(DragSession(items: [], destination: sameApp).isWithinApp)
    #expect(DragSession(items: [], destination: other).operationsForDestination == [.copy])
    #expect(DragSession(items: [], destination: sameApp).operationsForDestination == [.copy, .move])
  }

  /// Main-actor state, as a SwiftUI view model is.
  @MainActor final class EditorModel {
    var isTargeted = false
    var drops: [CGPoint] = []
  }

  /// A delegate that mutates main-actor state directly, as ported SwiftUI code does: this
  /// compiles in Swift 6 mode only because `DropDelegate` is `@MainActor`, as Apple declares it.
  struct ModelDrop: DropDelegate {
    let model: EditorModel
    func dropEntered(info: DropInfo) { model.isTargeted = true }
    func dropExited(info: DropInfo) { model.isTargeted = false }
    func performDrop(info: DropInfo) -> Bool {
      model.isTargeted = false
      model.drops.append(info.location)
      return true
    }
  }

  @Test func aDelegateMutatesMainActorStateAndTheSurfaceRunsSynchronously() {
    let model = EditorModel()
    let surface = DropSurface()
    surface.addTarget(
      DropTarget(frame: CGRect(x: 10, y: 10, width: 50, height: 50), of: [.data], delegate: ModelDrop(model: model)))
    surface.begin(DragSession(items: [dataProvider(.png, Data("png".utf8))]), at: .zero)
    surface.move(to: CGPoint(x: 20, y: 20))
    #expect(model.isTargeted, "the call ran before move(to:) returned")
    #expect(surface.end(at: CGPoint(x: 30, y: 40)) == .copy)
    #expect(!model.isTargeted)
    #expect(model.drops == [CGPoint(x: 20, y: 30)])
  }
}

/// The closure forms ported SwiftUI code uses most, as the tutorials write them.
@Suite("Drop: SwiftUI's closure forms")
@MainActor
struct ClosureFormTests {
  static let editor = CGRect(x: 100, y: 100, width: 400, height: 300)

  @Test func onDropWithTheLocation() async throws {
    var hovering: [Bool] = []
    var dropped: (count: Int, location: CGPoint)?
    let loaded = Signal<Data?>()
    let surface = DropSurface()
    surface.addTarget(
      .onDrop(frame: Self.editor, of: [.image], isTargeted: { hovering.append($0) }) { providers, location in
        dropped = (providers.count, location)
        providers.first?.loadDataRepresentation(for: .image) { data, _ in loaded.deliver(data) }
        return true
      })
    surface.begin(
      DragSession(items: [dataProvider(.png, Data("png".utf8)), dataProvider(.plainText, Data())]), at: .zero)
    surface.move(to: CGPoint(x: 150, y: 120))
    #expect(hovering == [true])
    #expect(surface.end(at: CGPoint(x: 160, y: 130)) == .copy)
    #expect(hovering == [true, false], "isTargeted turns false at the drop, as the binding does")
    #expect(dropped?.count == 1, "only the providers that conform")
    #expect(dropped?.location == CGPoint(x: 60, y: 30))
    #expect(await loaded.value == Data("png".utf8))
  }

  @Test func onDropWithoutTheLocationAndARefusedType() {
    var calls = 0
    let surface = DropSurface()
    surface.addTarget(
      .onDrop(frame: Self.editor, of: [.image]) { _ in
        calls += 1
        return true
      })
    surface.begin(DragSession(items: [dataProvider(.plainText, Data("text".utf8))]), at: .zero)
    #expect(surface.end(at: CGPoint(x: 150, y: 150)) == .cancel, "text is not an image: the drop is not offered")
    #expect(calls == 0)
    surface.begin(DragSession(items: [dataProvider(.jpeg, Data("jpeg".utf8))]), at: .zero)
    #expect(surface.end(at: CGPoint(x: 150, y: 150)) == .copy)
    #expect(calls == 1)
  }

  @Test func dropDestinationDecodesTheValuesAndDraggableMakesThem() async {
    let received = Signal<([String], CGPoint)>()
    var hovering: [Bool] = []
    let surface = DropSurface()
    surface.addTarget(
      .dropDestination(
        frame: Self.editor, for: String.self,
        action: { strings, location in
          received.deliver((strings, location))
          return true
        }, isTargeted: { hovering.append($0) }))
    let ended = Box<DropOperation?>(nil)
    surface.begin(.draggable("Hello, PointyBug", onEnded: { operation in ended.update { $0 = operation } }), at: .zero)
    #expect(surface.end(at: CGPoint(x: 110, y: 140)) == .copy)
    #expect(ended.value == .copy)
    let (strings, location) = await received.value
    #expect(strings == ["Hello, PointyBug"])
    #expect(location == CGPoint(x: 10, y: 40))
    #expect(hovering == [true, false])
  }
}

@Suite("Item providers: as Apple's answer")
struct ApplePortItemProviderTests {
  @Test func theTwoConformanceQuestionsAgree() {
    // A note app's item: a string under its own type. Apple coerces held strings to plain text.
    let note = ItemProvider(item: "Buy milk" as NSString, typeIdentifier: "com.example.note")
    #expect(note.hasItemConformingToTypeIdentifier("public.plain-text"))
    #expect(note.hasRepresentationConforming(toTypeIdentifier: "public.plain-text", fileOptions: []))
    #expect(note.hasRepresentationConforming(toTypeIdentifier: "public.plain-text"))
    #expect(!note.hasRepresentationConforming(toTypeIdentifier: "public.plain-text", fileOptions: .openInPlace))
    #expect(!note.hasItemConformingToTypeIdentifier("public.image"))
    #expect(!note.hasRepresentationConforming(toTypeIdentifier: "public.image", fileOptions: []))
  }

  @Test func loadItemHasItsAsyncForm() async throws {
    let provider = ItemProvider(item: "Hello" as NSString, typeIdentifier: "public.utf8-plain-text")
    let item = try await provider.loadItem(forTypeIdentifier: "public.plain-text")
    #expect(item as? NSString == "Hello")
    await #expect(throws: ItemProviderError.self) {
      _ = try await provider.loadItem(forTypeIdentifier: "public.png", options: nil)
    }
  }
}
