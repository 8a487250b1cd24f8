import Foundation
import TestSupport
import Testing
import TypeRegistry
import UTIPlatform

@testable import Pasteboard

#if canImport(Glibc)
  import Glibc
#endif

struct HandlerFailure: Error, Equatable {}

@Suite("Item providers: errors")
struct ItemProviderErrorTests {
  @Test func itemUnavailableNamesTheRequestedAndRegisteredTypes() async {
    let provider = dataProvider(.png, Data())
    provider.registerObject("x", visibility: .all)
    let (data, error) = await completion { done in provider.loadDataRepresentation(for: .movie, completionHandler: done)
    }
    #expect(data == nil)
    #expect(providerCode(error) == .itemUnavailableError)
    #expect(
      "\(error!)"
        == "cannot load public.movie: no representation conforms to it; the item provider has public.png, public.utf8-plain-text"
    )
    let bridged = error! as NSError
    #expect(bridged.domain == "NSItemProviderErrorDomain")
    #expect(bridged.code == -1000)
    #expect(ItemProvider.ErrorCode.itemUnavailableError.rawValue == -1000)
    #expect(ItemProvider.ErrorCode.unexpectedValueClassError.rawValue == -1100)
    #expect(ItemProvider.ErrorCode.unavailableCoercionError.rawValue == -1200)
    let (object, objectError) = await completion { done in
      ItemProvider().loadObject(ofClass: URL.self, completionHandler: done)
    }
    #expect(object == nil)
    #expect(
      "\(objectError!)"
        == "cannot load URL (public.url): no representation conforms to it; the item provider has no representations")
  }

  @Test func aHandlerDeliveringAnotherClassIsUnexpectedValueClass() async {
    let provider = ItemProvider()
    provider.registerObject(ofClass: NSString.self, visibility: .all) { completion in
      completion(NSURL(string: "https://example.com")!, nil)
      return nil
    }
    let (data, error) = await completion { done in
      provider.loadDataRepresentation(for: .plainText, completionHandler: done)
    }
    #expect(data == nil)
    #expect(providerCode(error) == .unexpectedValueClassError)
    #expect((error! as NSError).code == -1100)
    #expect(
      "\(error!)" == "cannot load public.utf8-plain-text: expected an instance of NSString, the handler delivered NSURL"
    )
  }

  @Test func anItemThatIsNotDataIsUnavailableCoercion() async {
    let provider = ItemProvider()
    provider.registerItem(forTypeIdentifier: "com.example.number") { completion, _, _ in
      completion(NSNumber(value: 42), nil)
    }
    let (data, error) = await completion { done in
      provider.loadDataRepresentation(forTypeIdentifier: "com.example.number", completionHandler: done)
    }
    #expect(data == nil)
    #expect(providerCode(error) == .unavailableCoercionError)
    #expect((error! as NSError).code == -1200)
    #expect(
      "\(error!)"
        == "cannot load com.example.number: a NSNumber item cannot be converted to data; the item provider has com.example.number"
    )
  }

  @Test func textThatIsNotTextFailsToBecomeAString() async {
    let provider = dataProvider(.utf8PlainText, Data([0xFF, 0xFE, 0xFD]))
    let (string, error) = await completion { done in provider.loadObject(ofClass: String.self, completionHandler: done)
    }
    #expect(string == nil)
    #expect(providerCode(error) == .unavailableCoercionError)
  }

  @Test func aHandlerErrorIsDelivered() async {
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .png) { completion in
      completion(nil, HandlerFailure())
      return nil
    }
    let (_, error) = await completion { done in provider.loadDataRepresentation(for: .png, completionHandler: done) }
    #expect(error as? HandlerFailure == HandlerFailure())
    await #expect(throws: HandlerFailure.self) { try await provider.loadDataRepresentation(for: .png) }
  }

  @Test func aHandlerDeliveringNothingIsItemUnavailable() async {
    let provider = ItemProvider()
    provider.registerFileRepresentation(for: .png) { completion in
      completion(nil, false, nil)
      return nil
    }
    let (_, error) = await completion { done in provider.loadDataRepresentation(for: .png, completionHandler: done) }
    #expect(providerCode(error) == .itemUnavailableError)
    #expect(
      "\(error!)"
        == "cannot load public.png: the load handler for public.png completed with neither a value nor an error")
  }

  @Test func aThrowingTransferableExporterDeliversItsError() async {
    struct Failing: Transferable {
      static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: .png) { (_: Failing) -> Data in throw HandlerFailure() }
      }
    }
    let provider = ItemProvider()
    provider.register(Failing())
    await #expect(throws: HandlerFailure.self) { try await provider.loadDataRepresentation(for: .png) }
  }
}

@Suite("Item providers: robust loading")
struct ItemProviderRobustnessTests {
  @Test func handlersAndCompletionsRunOffTheCallersThread() async throws {
    let threads = Box<(caller: pthread_t?, handler: pthread_t?, completion: pthread_t?)>((nil, nil, nil))
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .png) { completion in
      threads.update { $0.handler = pthread_self() }
      completion(Data(), nil)
      return nil
    }
    let finished = Signal<Bool>()
    // The caller, a thread of its own, blocks until the load completes: a handler or completion
    // run inline would run on its thread. (The test itself awaits without blocking the pool.)
    let caller = Thread {
      threads.update { $0.caller = pthread_self() }
      let done = Waiter<Bool>()
      provider.loadDataRepresentation(for: .png) { data, _ in
        threads.update { $0.completion = pthread_self() }
        done.deliver(data != nil)
      }
      // Generous: under ThreadSanitizer, with the desktop suites' peers running and other suites'
      // blocking work on the cooperative pool, a detached load waited past 120 s twice in five runs.
      finished.deliver(done.wait(seconds: 600) ?? false)
    }
    caller.start()
    #expect(await finished.value == true)
    let seen = threads.value
    let callerThread = try #require(seen.caller)
    #expect(pthread_equal(try #require(seen.handler), callerThread) == 0)
    #expect(pthread_equal(try #require(seen.completion), callerThread) == 0)
  }

  @Test func aSecondCompletionIsIgnored() async throws {
    let deliveries = Counter()
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .png) { completion in
      completion(Data("first".utf8), nil)
      completion(Data("second".utf8), nil)
      completion(nil, HandlerFailure())
      return nil
    }
    let (data, error) = await completion { done in
      provider.loadDataRepresentation(for: .png) { data, error in
        deliveries.increment()
        done(data, error)
      }
    }
    #expect(data == Data("first".utf8))
    #expect(error == nil)
    // A later delivery would have to happen on the handler's thread, which returned before the
    // first completion was awaited: one load is all that ran.
    #expect(deliveries.value == 1)
  }

  @Test func aSecondFileCompletionLeavesNoFile() async throws {
    let name = "double-\(UUID().uuidString)"
    let provider = ItemProvider()
    provider.suggestedName = name
    provider.registerDataRepresentation(for: .png) { completion in
      completion(Data("a".utf8), nil)
      completion(Data("b".utf8), nil)
      return nil
    }
    let (url, _) = await completion { done in
      provider.loadFileRepresentation(forTypeIdentifier: "public.png", completionHandler: done)
    }
    #expect(url?.lastPathComponent == name + ".png")
    let root = try TemporaryFiles.root()
    #expect(await suspendUntil { !files(under: root).contains { $0.contains(name) } })
  }

  @Test func cancellingTheProgressEndsANeverCompletingLoad() async throws {
    let handlerCancelled = Box(false)
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .png) { _ in
      let progress = Progress(totalUnitCount: 1)
      progress.cancellationHandler = { handlerCancelled.value = true }
      return progress
    }
    let started = Box<Progress?>(nil)
    let (data, error) = await completion { done in
      let progress = provider.loadDataRepresentation(for: .png, completionHandler: done)
      started.value = progress
      Task {
        try await Task.sleep(nanoseconds: 20_000_000)
        progress.cancel()
      }
      return progress
    }
    #expect(data == nil)
    #expect((error as? CocoaError)?.code == .userCancelled)
    #expect(started.value?.isCancelled == true)
    #expect(await suspendUntil { handlerCancelled.value }, "the handler's own progress is cancelled too")
  }

  @Test func cancellingTheTaskThrowsCancellationError() async throws {
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .png) { _ in Progress(totalUnitCount: 1) }
    let task = Task { try await provider.loadDataRepresentation(for: .png) }
    try await Task.sleep(nanoseconds: 20_000_000)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    let cancelledBeforeStart = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await provider.loadDataRepresentation(for: .png)
    }
    await #expect(throws: CancellationError.self) { try await cancelledBeforeStart.value }
  }

  @Test func aTimeoutEndsANeverCompletingLoad() async {
    let provider = ItemProvider()
    provider.loadTimeout = 0.05
    provider.registerDataRepresentation(for: .png) { _ in nil }
    let (_, error) = await completion { done in provider.loadDataRepresentation(for: .png, completionHandler: done) }
    #expect(providerCode(error) == .itemUnavailableError)
    #expect("\(error!)" == "cannot load public.png: the load handler did not complete within 0.05 s")
  }

  @Test func outlandishTimeoutsAreTamed() {
    let provider = ItemProvider()
    provider.loadTimeout = -5
    #expect(provider.loadTimeout == 0)
    provider.loadTimeout = .infinity
    #expect(provider.loadTimeout == nil)
    provider.loadTimeout = .nan
    #expect(provider.loadTimeout == nil)
    provider.loadTimeout = 1e300
    #expect(provider.loadTimeout == nil)
    provider.loadTimeout = 2.5
    #expect(provider.loadTimeout == 2.5)
    #expect(Waiter<Int>().wait(seconds: .nan) == nil)
    #expect(Waiter<Int>().wait(seconds: -1) == nil)
  }

  @Test func concurrentLoadsOfOneRepresentationAreSafe() async throws {
    let calls = Counter()
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .png) { completion in
      calls.increment()
      completion(Data("png".utf8), nil)
      return nil
    }
    provider.suggestedName = "shared"
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<200 {
        group.addTask {
          if index.isMultiple(of: 2) {
            #expect(try await provider.loadDataRepresentation(for: .png) == Data("png".utf8))
          } else {
            let contents = try await provider.loadFileRepresentation(for: .png) { url, _ in try Data(contentsOf: url) }
            #expect(contents == Data("png".utf8))
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(calls.value == 200)
  }
}

@Suite("Item providers: temporary files")
struct TemporaryFileTests {
  @Test func theAsyncFormDeletesTheFileEvenWhenTheBodyThrows() async throws {
    let provider = dataProvider(.png, Data("x".utf8))
    let path = Box<String?>(nil)
    await #expect(throws: HandlerFailure.self) {
      try await provider.loadFileRepresentation(for: .png) { url, isInPlace in
        path.value = url.path
        #expect(!isInPlace)
        #expect(FileManager.default.fileExists(atPath: url.path))
        throw HandlerFailure()
      }
    }
    #expect(!FileManager.default.fileExists(atPath: try #require(path.value)))
  }

  @Test func noLoadLeavesAFileBehind() async throws {
    let name = "leak-\(UUID().uuidString)"
    let directory = try makeTemporaryDirectory("swift-uti-tests")
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = directory.appendingPathComponent("source.bin")
    try Data(repeating: 7, count: 100_000).write(to: source)
    let provider = ItemProvider()
    provider.suggestedName = name
    provider.registerFileRepresentation(for: .png) { completion in
      completion(source, false, nil)
      return nil
    }
    provider.registerDataRepresentation(for: .jpeg) { completion in
      completion(Data("jpeg".utf8), nil)
      completion(Data("again".utf8), nil)
      return nil
    }
    provider.registerDataRepresentation(for: .gif) { _ in Progress(totalUnitCount: 1) }
    for round in 0..<20 {
      let type: UTType = [.png, .jpeg][round % 2]
      _ = await completion { done in
        provider.loadFileRepresentation(forTypeIdentifier: type.identifier, completionHandler: done)
      }
      _ = await completion { done in
        provider.loadItem(forTypeIdentifier: "public.png", options: nil) { item, error in
          done((item as? NSURL)?.path, error)
        }
      }
      try await provider.loadFileRepresentation(for: type) { _, _ in }
      let progress = provider.loadFileRepresentation(forTypeIdentifier: "public.gif") { _, _ in }
      progress.cancel()
    }
    let root = try TemporaryFiles.root()
    #expect(await suspendUntil { !files(under: root).contains { $0.contains(name) || $0.hasSuffix("/source.bin") } })
  }

  @Test(
    arguments: [
      ("../../etc/passwd", "png", "_.._etc_passwd.png"),
      ("a/b\\c:d", nil, "a_b_c_d"),
      ("nul\u{0}in\u{1B}side\n", "txt", "nulinside.txt"),
      ("..", "png", "item.png"),
      ("  .hidden  ", nil, "hidden"),
      ("", "jpeg", "item.jpeg"),
      ("photo.PNG", "png", "photo.PNG"),
    ] as [(String, String?, String)])
  func suggestedNamesAreSanitised(name: String, pathExtension: String?, expected: String) {
    #expect(TemporaryFiles.sanitizedFileName(name, pathExtension: pathExtension) == expected)
  }

  @Test func longNamesAreBoundedAtACharacterBoundary() {
    let long = String(repeating: "é", count: 10_000)
    let sanitized = TemporaryFiles.sanitizedFileName(long, pathExtension: "png")
    #expect(sanitized.utf8.count == 200 + 4)
    #expect(sanitized.hasSuffix("é.png"))
  }

  @Test func aHostileSuggestedNameStaysInsideThePrivateDirectory() async throws {
    let provider = dataProvider(.png, Data("x".utf8))
    provider.suggestedName = "../../etc/passwd\u{0}"
    let root = try TemporaryFiles.root()
    try await provider.loadFileRepresentation(for: .png) { url, _ in
      #expect(url.lastPathComponent == "_.._etc_passwd.png")
      #expect(url.deletingLastPathComponent().deletingLastPathComponent().path == root)
    }
  }
}

@Suite("Item providers: visibility")
struct VisibilityTests {
  static let origin = AppIdentity(
    bundleIdentifier: "com.example.source", teamIdentifier: "TEAM", appGroups: ["group.shared"], processIdentifier: 100)

  func provider() -> ItemProvider {
    let provider = ItemProvider(origin: Self.origin)
    for (type, visibility) in [
      (UTType.png, ItemProvider.RepresentationVisibility.all), (.jpeg, .team), (.gif, .group), (.tiff, .ownProcess),
    ] {
      provider.registerDataRepresentation(for: type, visibility: visibility) { completion in
        completion(Data(type.identifier.utf8), nil)
        return nil
      }
    }
    return provider
  }

  @Test(arguments: [
    (
      AppIdentity(bundleIdentifier: "com.example.source", teamIdentifier: "TEAM", processIdentifier: 100),
      [
        "public.png", "public.jpeg", "com.compuserve.gif", "public.tiff",
      ]
    ),
    (
      AppIdentity(bundleIdentifier: "com.example.sibling", teamIdentifier: "TEAM", processIdentifier: 101),
      [
        "public.png", "public.jpeg",
      ]
    ),
    (
      AppIdentity(bundleIdentifier: "com.other.member", appGroups: ["group.shared"], processIdentifier: 102),
      [
        "public.png", "com.compuserve.gif",
      ]
    ),
    (AppIdentity(bundleIdentifier: "com.other.app", teamIdentifier: "OTHER", processIdentifier: 103), ["public.png"]),
  ])
  func aReaderSeesOnlyWhatItMay(reader: AppIdentity, visible: [String]) async throws {
    let view = provider().accessed(by: reader)
    #expect(view.registeredTypeIdentifiers == visible)
    #expect(view.hasItemConformingToTypeIdentifier("public.tiff") == visible.contains("public.tiff"))
    let (data, error) = await completion { done in view.loadDataRepresentation(for: .tiff, completionHandler: done) }
    if visible.contains("public.tiff") {
      #expect(data == Data("public.tiff".utf8))
    } else {
      #expect(providerCode(error) == .itemUnavailableError)
    }
    // A request for any image is served by what the reader may see, never by a hidden one.
    #expect(try await view.loadDataRepresentation(for: .image) == Data("public.png".utf8))
  }
}
