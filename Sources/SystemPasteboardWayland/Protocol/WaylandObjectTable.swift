/// A Wayland client's objects without a socket: ids and their interfaces, the ids free for
/// reuse, and the destroyed objects whose ids the compositor has not freed yet (libwayland's
/// zombies: an event still in flight for one is decoded, so that its descriptors are closed,
/// and dropped).
///
/// ``WaylandConnection`` keeps one under a lock (requests make objects on any thread; the loop
/// reads events); ``WaylandIncoming`` consults and updates it as events arrive; tests use it in
/// memory.
struct WaylandObjectTable {
  /// The interface of each known object, `wl_display` (1) from the start.
  private(set) var interfaces: [UInt32: WaylandInterface] = [1: .display]
  /// Objects destroyed by a request whose id the compositor has not freed (`delete_id`).
  private(set) var destroyed: Set<UInt32> = []
  private var next: UInt32 = 2
  private var free: [UInt32] = []

  /// A new client object of `interface`: a freed id first, else the next one.
  mutating func make(_ interface: WaylandInterface) -> UInt32 {
    let id = free.popLast() ?? next
    if id == next { next += 1 }
    interfaces[id] = interface
    return id
  }

  /// The interface of `object`, while it is known.
  func interface(of object: UInt32) -> WaylandInterface? { interfaces[object] }

  /// Whether `object` was destroyed and its id not yet freed.
  func isDestroyed(_ object: UInt32) -> Bool { destroyed.contains(object) }

  /// Marks `object` destroyed (a destructor was written, a callback is done).
  mutating func destroy(_ object: UInt32) { destroyed.insert(object) }

  /// An object the compositor made (a `new_id` in an event): known as `interface` from now on.
  mutating func made(_ object: UInt32, as interface: WaylandInterface) {
    interfaces[object] = interface
    destroyed.remove(object)
  }

  /// The compositor's `delete_id`: the object is forgotten and a client id is free for reuse
  /// (a server id, from 0xFF000000 on, is the compositor's to reuse).
  mutating func delete(_ object: UInt32) {
    if interfaces.removeValue(forKey: object) != nil, object < Self.firstServerID { free.append(object) }
    destroyed.remove(object)
  }

  /// The first id of the compositor's own range.
  static let firstServerID: UInt32 = 0xFF00_0000
}
