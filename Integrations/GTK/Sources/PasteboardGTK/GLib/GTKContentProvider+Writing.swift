import CSwiftUTIGTK
@_spi(Toolkit) import DesktopPasteboard
import Pasteboard

extension GTKContentProvider {
  /// One `write_mime_type_async` call: what is asked for, where to write it, and the task to
  /// complete.
  struct Request: Sendable {
    let mimeType: String
    let provider: GObjectReference
    let stream: GObjectReference
    let cancellable: GObjectReference?
    let task: GObjectReference
  }

  /// `write_mime_type_async`: makes the bytes asked for (off GTK's thread where that may wait)
  /// and writes them to the request's stream, completing its task once written; a paste written
  /// to its end is told to the content's `served` (the password manager's hint is not a paste).
  @MainActor
  static func write(_ request: Request) {
    let (mimeType, stream, cancellable, task) = (request.mimeType, request.stream, request.cancellable, request.task)
    guard let content = content(of: request.provider.pointer) else {
      return complete(task, .failure(Toolkit.error(.conversionRefused, "nothing is offered")))
    }
    if content.refusesPastes {
      return complete(task, .failure(Toolkit.error(.conversionRefused, "the copy's paste limit was reached")))
    }
    let finish: Finish = { outcome in
      complete(task, outcome)
      if case .success = outcome, mimeType != GDKFormats.passwordManagerHint { content.served?(mimeType) }
    }
    let offers = content.offers
    if offers.formats.contains(mimeType) {
      let write: @MainActor @Sendable (ToolkitPayload?) -> Void = { payload in
        guard let payload else {
          return finish(.failure(Toolkit.error(.conversionRefused, "\(mimeType) could not be made")))
        }
        StreamWriter.write(
          payload, to: stream.as(GOutputStream.self), cancellable: cancellable?.as(GCancellable.self),
          timeout: content.timeout, what: "writing \(mimeType)", completion: finish)
      }
      guard offers.loadMayWait(mimeType) else { return write(offers.payload(mimeType)) }
      let accepted = Toolkit.submit {
        let payload = offers.payload(mimeType)
        GTKThread.run { write(payload) }
      }
      if !accepted { finish(.failure(Toolkit.error(.conversionRefused, "the work pool has no room"))) }
    } else if offers.offersFiles && GDKFormats.isFileListFormat(mimeType) {
      let accepted = Toolkit.submit {
        let paths = Result { () throws(SystemPasteboardError) in try offers.filePaths() }
        GTKThread.run {
          switch paths {
          case .success(let paths): serialize(paths, as: mimeType, to: stream, cancellable: cancellable, then: finish)
          case .failure(let error): finish(.failure(error))
          }
        }
      }
      if !accepted { finish(.failure(Toolkit.error(.conversionRefused, "the work pool has no room"))) }
    } else {
      finish(.failure(Toolkit.error(.conversionRefused, "\(mimeType) is not offered")))
    }
  }

  /// Writes the files at `paths` as `mimeType` with GTK's own serializer for its file lists
  /// (`text/uri-list`, `x-special/gnome-copied-files`, the file transfer portal's key).
  @MainActor
  private static func serialize(
    _ paths: [String], as mimeType: String, to stream: GObjectReference, cancellable: GObjectReference?,
    then finish: @escaping Finish
  ) {
    var value = GValue()
    g_value_init(&value, gdk_file_list_get_type())
    g_value_take_boxed(&value, fileList(paths).raw)
    defer { g_value_unset(&value) }
    gdk_content_serialize_async(
      stream.as(GOutputStream.self), mimeType, &value, G_PRIORITY_DEFAULT, cancellable?.as(GCancellable.self),
      { _, result, data in
        let finish = Unmanaged<FinishBox>.fromOpaque(data!).takeRetainedValue().finish
        var error: UnsafeMutablePointer<GError>?
        let written = gdk_content_serialize_finish(result, &error) != 0
        let outcome: Result<Void, SystemPasteboardError> =
          written ? .success(()) : .failure(Toolkit.error(.writeFailed, GTKError.take(error, "writing the files")))
        MainActor.assumeIsolated { finish(outcome) }
      }, Unmanaged.passRetained(FinishBox(finish: finish)).toOpaque())
  }

  /// What completes one write: its task, and the content's `served` once it succeeded.
  typealias Finish = @MainActor @Sendable (Result<Void, SystemPasteboardError>) -> Void

  /// A ``Finish`` carried through a C callback's data pointer.
  private final class FinishBox: Sendable {
    let finish: Finish
    init(finish: @escaping Finish) { self.finish = finish }
  }

  /// Completes a write's task: done, or failed with `error`'s message.
  @MainActor
  static func complete(_ task: GObjectReference, _ outcome: Result<Void, SystemPasteboardError>) {
    switch outcome {
    case .success: g_task_return_boolean(task.opaque, 1)
    case .failure(let error):
      let code = error.code == .timeout ? G_IO_ERROR_TIMED_OUT : G_IO_ERROR_FAILED
      g_task_return_error(task.opaque, g_error_new_literal(g_io_error_quark(), gint(code.rawValue), error.message))
    }
  }
}
