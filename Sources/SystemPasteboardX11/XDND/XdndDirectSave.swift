import SystemPasteboardCore
import UTIPlatform

/// XdndDirectSave (XDS, version 0: freedesktop.org's "Direct Save Protocol for the X Window
/// System"), the source's side: a drag whose item promises a file offers the target
/// `XdndDirectSave0` and names the file in its source window's `XdndDirectSave0` property
/// (type `text/plain`); a file manager that takes the drop writes the file's URL there
/// (`file://host/folder/name`) and converts `XdndSelection` to `XdndDirectSave0`; the source
/// writes the file and answers one byte: `S` (saved), `F` (not here: another host, so the
/// target asks for `application/octet-stream` and writes the bytes itself) or `E` (an error).
///
/// The drag asks for `XdndActionCopy`, as GTK's XDS sources (File Roller, Firefox) do: a GTK
/// target knows no `XdndActionDirectSave` and would refuse it.
enum XdndDirectSave {
  /// The property and the target (its version is part of the name).
  static let target = "XdndDirectSave0"
  /// The property's type.
  static let propertyType = "text/plain"
  /// The most bytes of the URL the target writes that are read (16 KiB: a path is at most 4 KiB).
  static let urlLimit = 16 << 10

  /// The one-byte answer to the target's conversion.
  enum Answer: Equatable {
    /// `S`: the file is written.
    case saved
    /// `F`: the source cannot write there (another host, or not a `file:` URL): the target may
    /// ask for `application/octet-stream` and write the bytes itself.
    case failed
    /// `E`: the write failed; nothing is left there.
    case error

    /// The byte sent.
    var byte: UInt8 {
      switch self {
      case .saved: UInt8(ascii: "S")
      case .failed: UInt8(ascii: "F")
      case .error: UInt8(ascii: "E")
      }
    }
  }

  /// The path on this machine of the URL a target wrote (`file:///p`, `file://localhost/p`,
  /// `file://HOST/p` where HOST is this machine's name; percent-escapes decoded; a trailing NUL
  /// or line end left out); nil for another host or scheme.
  static func path(fromURL bytes: [UInt8], hostName: [UInt8] = ProcessEnvironment.hostName) -> String? {
    var url = String(decoding: bytes, as: UTF8.self)
    while let last = url.last, last == "\0" || last.isNewline || last == " " { url.removeLast() }
    guard url.lowercased().hasPrefix("file://") else { return FileList.path(fromFileURL: url) }
    let rest = url.dropFirst("file://".count)
    let host = rest.prefix { $0 != "/" }
    guard host.isEmpty || Array(host.utf8) == hostName || host.lowercased() == "localhost" else { return nil }
    return FileList.path(fromFileURL: "file://" + rest.dropFirst(host.count))
  }

  /// Keeps `promise` where the target's `url` says: the answer to send.
  static func keep(_ promise: FilePromise, at url: [UInt8]) -> Answer {
    guard let path = path(fromURL: url) else { return .failed }
    // A folder that is not there is the write's error too.
    do {
      _ = try promise.write(to: path)
      return .saved
    } catch {
      return .error
    }
  }
}

extension SelectionOwner {
  /// Whether the owner offers XdndDirectSave: a drag's (`XdndSelection`) whose item promises a file.
  var offersDirectSave: Bool { selectionName == "XdndSelection" && items.first?.filePromise != nil }

  /// Answers a target's conversion to `XdndDirectSave0`: reads the URL it wrote in our
  /// window's property (a reply handler: the loop never waits), writes the promise there on the
  /// process's work pool, and answers `S`, `F` or `E` back on the loop.
  func answerDirectSave(_ request: Request, property: UInt32) {
    guard let promise = items.first?.filePromise, let loop = owners.loop,
      let name = connection.cachedAtom(XdndDirectSave.target)
    else { return refuse(request) }
    let read = X11.GetProperty(
      delete: false, window: window, property: name, type: X11Enum.GetPropertyType.any.rawValue, longOffset: 0,
      longLength: UInt32(XdndDirectSave.urlLimit / 4))
    connection.send(read) { [self] answer in
      guard case .success(let reply) = answer, reply.format == 8, !reply.value.isEmpty else {
        return answerDirectSave(request, property: property, with: .error)
      }
      let owner = LoopBound(self, on: loop)
      let accepted = WorkPool.shared.submit {
        let answer = XdndDirectSave.keep(promise, at: reply.value)
        owner.loop?.execute { owner.value.answerDirectSave(request, property: property, with: answer) }
      }
      if !accepted { answerDirectSave(request, property: property, with: .error) }
    }
    try? connection.flush()
  }

  /// Puts `answer` in the target's property (type `XdndDirectSave0`, one byte) and tells it.
  private func answerDirectSave(_ request: Request, property: UInt32, with answer: XdndDirectSave.Answer) {
    guard let type = connection.cachedAtom(XdndDirectSave.target) else { return refuse(request) }
    connection.changeProperty(request.requestor, property, type: type, format: 8, data: [answer.byte])
    notify(request, property: property)
    try? connection.flush()
  }
}
