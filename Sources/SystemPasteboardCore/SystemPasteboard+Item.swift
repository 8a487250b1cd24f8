import TypeRegistry
import UTIPlatform

extension SystemPasteboard {
  /// One item on a desktop selection: its representations in fidelity order, each a `UTType`
  /// and the bytes it gives when another application (or this one) asks for it.
  ///
  /// The system pasteboard's own item model, without Foundation: a command-line tool or a
  /// service builds items directly; the `DesktopPasteboard` module makes them from and into
  /// `ItemProvider`s. A representation's bytes come from a closure, run only when someone asks
  /// (on a thread of its own, while the pasteboard serves everyone else), from bytes at hand, or
  /// from a file, read in chunks as it is served (also off the pasteboard's thread).
  ///
  /// ```swift
  /// var item = SystemPasteboard.Item()
  /// item.register(.utf8PlainText) { Array("Hello".utf8) }
  /// item.register(.png, contentsOfFile: "/tmp/shot.png")
  /// try SystemPasteboard.clipboard.setItems([item])
  /// ```
  ///
  /// Apple's counterpart is `NSPasteboardItem` (`setData(_:forType:)`, and
  /// `setDataProvider(_:forTypes:)` for lazy data).
  public struct Item: Sendable {
    /// One representation: its type and where its bytes come from.
    public struct Representation: Sendable {
      /// The representation's type.
      public var type: UTType
      /// Where the bytes come from.
      package var source: Source
    }

    /// Where a representation's bytes come from.
    package enum Source: Sendable {
      /// A closure run when the bytes are asked for; it throws when it cannot give them.
      case bytes(@Sendable () throws -> [UInt8])
      /// Bytes at hand.
      case value([UInt8])
      /// A file, read when the bytes are asked for (in chunks, when they are served).
      case file(path: String)
      /// A file that does not exist yet, written when a destination asks for it.
      case promise(FilePromise)
    }

    /// The representations, in fidelity order.
    public private(set) var representations: [Representation] = []

    /// An item with no representations.
    public init() {}

    /// The representations' types, in fidelity order.
    public var types: [UTType] { representations.map(\.type) }

    /// Adds a representation of `type` whose bytes `load` gives when they are asked for.
    ///
    /// - Parameters:
    ///   - type: The representation's type; a type registered already is replaced.
    ///   - load: Gives the bytes; runs on a thread of its own, once per request, while the
    ///     pasteboard serves other requests; throwing refuses that request.
    public mutating func register(_ type: UTType, data load: @escaping @Sendable () throws -> [UInt8]) {
      add(Representation(type: type, source: .bytes(load)))
    }

    /// Adds a representation of `type` whose bytes are at hand: a request for them is answered
    /// at once, where one for a representation loaded by a closure or read from a file waits for
    /// its load (on a thread of its own, while the pasteboard serves other requests).
    ///
    /// - Parameters:
    ///   - type: The representation's type; a type registered already is replaced.
    ///   - bytes: The bytes.
    public mutating func register(_ type: UTType, bytes: [UInt8]) {
      add(Representation(type: type, source: .value(bytes)))
    }

    /// Adds a representation of `type` served from the file at `path`, read (in chunks, on a
    /// thread of their own, so a file on a stalled mount stalls only its own paste) when it is
    /// asked for; a file that is gone then refuses the request.
    ///
    /// - Parameters:
    ///   - type: The representation's type.
    ///   - path: The file's path.
    public mutating func register(_ type: UTType, contentsOfFile path: String) {
      add(Representation(type: type, source: .file(path: path)))
    }

    /// Adds a promise of a file of `type` named `fileName`, which `write` writes only when a
    /// destination asks for it: the representation AppKit's `NSFilePromiseProvider` and an
    /// item provider's file representation make.
    ///
    /// A file manager that speaks X11's XdndDirectSave has it written into the folder it was
    /// dropped on, under `fileName` (the final name, as AppKit gives it: where a file of that
    /// name is there, `write` decides whether to replace it); any other destination gets the file's URL (`text/uri-list`) or its bytes (the
    /// type's MIME types and `application/octet-stream`), the file written then into a folder of
    /// its own under `$XDG_RUNTIME_DIR`, once however often it is asked for, and removed when no
    /// selection or drag offers the item any more.
    ///
    /// ```swift
    /// var item = SystemPasteboard.Item()
    /// item.registerFilePromise(.pdf, fileName: "invoice.pdf") { path in
    ///   try FileManager.default.copyItem(atPath: "/srv/invoices/0042.pdf", toPath: path)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The promised file's type; a type registered already is replaced.
    ///   - fileName: The file's name (a `/` becomes `_`, leading dots go).
    ///   - write: Writes the whole file at the path it is given (in a folder that exists; a file
    ///     of that name may be there, to replace or keep) and returns once it is written;
    ///     throwing breaks the promise, and a file it made is removed. It runs on a thread of the process's work pool, one write at a time.
    public mutating func registerFilePromise(
      _ type: UTType, fileName: String, write: @escaping @Sendable (_ path: String) throws -> Void
    ) {
      add(Representation(type: type, source: .promise(FilePromise(fileName: fileName, writer: write))))
    }

    /// The item's file promise, if it has one (what XdndDirectSave offers).
    package var filePromise: FilePromise? {
      for representation in representations {
        if case .promise(let promise) = representation.source { return promise }
      }
      return nil
    }

    private mutating func add(_ representation: Representation) {
      representations.removeAll { $0.type == representation.type }
      representations.append(representation)
    }

    /// The representation of `type` exactly, if the item has one.
    package func representation(of type: UTType) -> Representation? {
      representations.first { $0.type == type }
    }

    /// The bytes of the first representation conforming to `type`, read whole.
    /// - Throws: What the representation's closure throws, or ``SystemPasteboardError`` when
    ///   its file cannot be read.
    package func load(conformingTo type: UTType) throws -> [UInt8]? {
      try representation(conformingTo: type)?.load()
    }

    /// The first representation whose type conforms to `type`.
    func representation(conformingTo type: UTType) -> Representation? {
      representations.first { $0.type.conforms(to: type) }
    }
  }
}

extension SystemPasteboard.Item.Representation {
  /// Whether loading the bytes may wait: it runs code (a closure, which may be slow or wait for
  /// another thread) or reads a file (which may be on a network mount whose server went
  /// silent), rather than taking bytes at hand. An owner loads such a representation off its loop.
  var loadMayWait: Bool {
    if case .value = source { false } else { true }
  }

  /// The bytes, read whole.
  /// - Throws: What the closure throws, or ``SystemPasteboardError`` (`.fileUnreadable`) when the
  ///   file cannot be read.
  package func load() throws -> [UInt8] {
    switch source {
    case .bytes(let load): return try load()
    case .value(let bytes): return bytes
    case .file(let path):
      do {
        return try FileIO.read(path)
      } catch {
        throw SystemPasteboardError(.fileUnreadable, "the file \(path) cannot be read: \(error)")
      }
    case .promise(let promise):
      let path = try promise.fileInOwnFolder()
      do {
        return try FileIO.read(path)
      } catch {
        throw SystemPasteboardError(.fileUnreadable, "the promised file \(path) cannot be read: \(error)")
      }
    }
  }
}
