import Foundation
import TypeRegistry
import UTIPlatform

extension ItemProvider {
  /// A file the provider promises rather than holds, for a backend that writes it where a
  /// destination on the desktop asks (X11's XdndDirectSave, a file manager's `text/uri-list`).
  package struct PromisedFile: Sendable {
    /// The file's type.
    package let type: UTType
    /// The file's name, made safe.
    package let fileName: String
    /// Writes the file at the URL (a new file, in a folder that exists); `done` hears, once,
    /// nil when it is whole, or the error.
    package let write: @Sendable (URL, @escaping @Sendable ((any Error)?) -> Void) -> Void
  }

  /// The files the provider promises, one per file representation that is neither a file
  /// opened in place nor the file a provider was made with (an existing file is no promise):
  /// an AppKit file promise's, named and written by its delegate straight to where the
  /// destination asks (on the delegate's operation queue), which decides itself what to do with
  /// a file of that name there; any other, loaded when asked (`loadFileRepresentation(for:)`)
  /// and copied there, named by ``suggestedName`` (or `item`) and the type's preferred
  /// extension, beside a file of that name (numbered: `report 2.pdf`), never over it.
  package var promisedFiles: [PromisedFile] {
    let (representations, promise, suggested, existing) = storage.state.withLock {
      ($0.representations, $0.filePromise, $0.suggestedName, $0.existingFiles)
    }
    return representations.compactMap { representation -> PromisedFile? in
      guard case .file(_, let options) = representation.source, !options.contains(.openInPlace),
        !existing.contains(representation.identifier)
      else { return nil }
      if let promise, promise.fileType == representation.identifier, let file = Self.promisedFile(of: promise) {
        return file
      }
      let type = representation.type
      let name = TemporaryFiles.sanitizedFileName(suggested, pathExtension: type.preferredFilenameExtension)
      return PromisedFile(type: type, fileName: name) { [self] url, done in
        // Inline: the writer's caller waits for `done` (on a pool thread, `keep(_:at:)`), and
        // must not wait for another pool thread to run the handler.
        _ = loadFile(type, openInPlace: false, destination: .temporary, inline: true) { result in
          let loaded: URL
          switch result {
          case .success(let file): loaded = file.url
          case .failure(let error): return done(error)
          }
          do throws(POSIXFailure) {
            let free = TemporaryFiles.freeURL(in: url.deletingLastPathComponent(), for: url.lastPathComponent)
            try TemporaryFiles.copyFile(from: loaded.path, to: free.path)
            done(nil)
          } catch {
            done(error)
          }
        }
      }
    }
  }

  /// What AppKit's `promise` writes: the name its delegate gives, the write on the delegate's
  /// queue; nil when its delegate is gone.
  private static func promisedFile(of promise: NSFilePromiseProvider) -> PromisedFile? {
    guard let delegate = promise.delegate else { return nil }
    let name = TemporaryFiles.sanitizedFileName(
      delegate.filePromiseProvider(promise, fileNameForType: promise.fileType), pathExtension: nil)
    let writer = UncheckedDelegate(delegate)
    return PromisedFile(type: UTType.named(promise.fileType), fileName: name) { url, done in
      writer.value.operationQueue(for: promise).addOperation {
        writer.value.filePromiseProvider(promise, writePromiseTo: url) { error in done(error) }
      }
    }
  }
}
