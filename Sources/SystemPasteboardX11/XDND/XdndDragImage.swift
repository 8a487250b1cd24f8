import SystemPasteboardCore

/// The image under the pointer during our drag, as GDK and Qt draw theirs: an override-redirect
/// window (no window manager frames or places it) that follows the pointer, its hot spot at the
/// pointer, and whose input shape is empty, so that the pointer and the target lookup
/// (`TranslateCoordinates`) see through it to the window below.
///
/// Where a compositing manager runs (`_NET_WM_CM_S<screen>` has an owner) and the screen has a
/// 32-bit visual, the window is ARGB and the compositor blends its edges. Elsewhere nothing
/// blends: the window has the root's visual, shows the pixels over black (premultiplied colors
/// are exactly that) and its bounding shape is the pixels at least half opaque, so the rest
/// shows what is below. A server without the SHAPE extension, or whose images are not 32 bits
/// per pixel, gets no image (the drag goes on without one).
struct XdndDragImage {
  let window: UInt32
  let hotX: Int
  let hotY: Int
  /// The ARGB window's colormap (its visual is not the root's), freed with the window.
  let colormap: UInt32?
  /// Whether the compositing manager blends it (an ARGB window) or its shape cuts it out.
  let blended: Bool

  /// How the server shows an image (``X11Connection/dragImageServer(then:)`` asks): with the
  /// ARGB visual a compositing manager blends, or nil for the root's visual and a shape.
  struct Server {
    var argbVisual: UInt32?
  }

  /// Shows `icon` with its hot spot at root (`x`, `y`) as `server` can, or returns nil where its
  /// images are not 32 bits per pixel (see the type's notes). Sends only: nothing waits.
  static func show(_ icon: DragIcon, at x: Int, _ y: Int, server: Server, on connection: X11Connection)
    -> XdndDragImage?
  {
    let setup = connection.setup
    let argbVisual = server.argbVisual
    let composited = argbVisual != nil
    let depth = composited ? X11Connection.argbDepth : setup.rootDepth
    guard setup.bitsPerPixel[depth] == Self.bitsPerPixel else { return nil }
    var colormap: UInt32?
    if let argbVisual {
      colormap = connection.allocateID()
      connection.send(X11.CreateColormap(alloc: .none, mid: colormap!, window: setup.root, visual: argbVisual))
    }
    let pixmap = connection.picture(icon, depth: depth)
    let window = connection.allocateID()
    connection.send(
      X11.CreateWindow(
        depth: composited ? depth : 0, wid: window, parent: setup.root, x: Int16(clamping: x - icon.hotX),
        y: Int16(clamping: y - icon.hotY), width: UInt16(icon.width), height: UInt16(icon.height), borderWidth: 0,
        class: .inputOutput, visual: argbVisual ?? 0,
        valueList: .init(
          backgroundPixmap: pixmap, borderPixel: 0, overrideRedirect: 1, saveUnder: 1, colormap: colormap)))
    connection.send(X11.FreePixmap(pixmap: pixmap))
    connection.send(
      X11.ShapeRectangles(
        operation: .set, destinationKind: .input, ordering: .unsorted, destinationWindow: window, xOffset: 0,
        yOffset: 0, rectangles: []))
    if !composited {
      let opaque = icon.opaqueRuns.map {
        X11.Rectangle(x: Int16($0.x), y: Int16($0.y), width: UInt16($0.width), height: 1)
      }
      connection.send(
        X11.ShapeRectangles(
          operation: .set, destinationKind: .bounding, ordering: .yXBanded, destinationWindow: window, xOffset: 0,
          yOffset: 0, rectangles: opaque))
    }
    connection.send(X11.MapWindow(window: window))
    try? connection.flush()
    return XdndDragImage(window: window, hotX: icon.hotX, hotY: icon.hotY, colormap: colormap, blended: composited)
  }

  /// The bits per pixel of the images this draws (a depth of 24 or 32 in 32-bit pixels).
  static let bitsPerPixel: UInt8 = 32

  /// Moves the image's hot spot to root (`x`, `y`) (sent with the next flush).
  func move(to x: Int, _ y: Int, on connection: X11Connection) {
    connection.send(
      X11.ConfigureWindow(window: window, valueList: .init(x: Int32(x - hotX), y: Int32(y - hotY))))
  }

  /// Takes the image away.
  func remove(from connection: X11Connection) {
    connection.send(X11.DestroyWindow(window: window))
    if let colormap { connection.send(X11.FreeColormap(cmap: colormap)) }
  }
}

extension X11Connection {
  /// A pixmap of `depth` holding `icon`'s pixels, sent in as many `PutImage` requests as the
  /// server's largest request needs.
  func picture(_ icon: DragIcon, depth: UInt8) -> UInt32 {
    let pixmap = allocateID()
    send(
      X11.CreatePixmap(
        depth: depth, pid: pixmap, drawable: setup.root, width: UInt16(icon.width), height: UInt16(icon.height)))
    let gc = allocateID()
    send(X11.CreateGC(cid: gc, drawable: pixmap, valueList: .init()))
    let rowBytes = icon.width * 4
    let rowsPerRequest = max(1, (setup.maximumRequestBytes - Self.putImageHeaderBytes) / rowBytes)
    for first in stride(from: 0, to: icon.height, by: rowsPerRequest) {
      let rows = first..<min(icon.height, first + rowsPerRequest)
      send(
        X11.PutImage(
          format: .zPixmap, drawable: pixmap, gc: gc, width: UInt16(icon.width), height: UInt16(rows.count),
          dstX: 0, dstY: Int16(first), leftPad: 0, depth: depth,
          data: icon.bytes(mostSignificantFirst: setup.imageMSBFirst, rows: rows)))
    }
    send(X11.FreeGC(gc: gc))
    return pixmap
  }

  /// A `PutImage` request's bytes before its data (BIG-REQUESTS' longer header included).
  static let putImageHeaderBytes = 28
}
