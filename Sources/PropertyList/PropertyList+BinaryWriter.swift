#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes `bplist00`: objects (equal scalars stored once), the offset table, the trailer.
enum BinaryWriter {
  enum Object {
    case scalar(PropertyList.Value.Storage)
    case array([Int])
    case dictionary(keys: [Int], values: [Int])
  }

  struct Flattener {
    var objects: [Object] = []
    var scalars: [PropertyList.Value: Int] = [:]

    mutating func scalar(_ storage: PropertyList.Value.Storage) -> Int {
      let key = PropertyList.Value(storage)
      if let n = scalars[key] { return n }
      objects.append(.scalar(storage))
      scalars[key] = objects.count - 1
      return objects.count - 1
    }

    mutating func add(_ value: PropertyList.Value, path: inout KeyPath) throws(PropertyList.WriteError) -> Int {
      switch value.storage {
      case .array(let a):
        try path.checkDepth()
        let index = objects.count
        objects.append(.array([]))
        var refs: [Int] = []
        refs.reserveCapacity(a.count)
        for (n, element) in a.enumerated() {
          path.components.append(String(n))
          refs.append(try add(element, path: &path))
          path.components.removeLast()
        }
        objects[index] = .array(refs)
        return index
      case .dictionary(let d):
        try path.checkDepth()
        let index = objects.count
        objects.append(.array([]))
        var keys: [Int] = []
        var values: [Int] = []
        keys.reserveCapacity(d.count)
        values.reserveCapacity(d.count)
        for entry in d { keys.append(scalar(.string(entry.key))) }
        for entry in d {
          path.components.append(entry.key)
          values.append(try add(entry.value, path: &path))
          path.components.removeLast()
        }
        objects[index] = .dictionary(keys: keys, values: values)
        return index
      default:
        return scalar(value.storage)
      }
    }
  }

  static func byteCount(_ n: UInt64) -> Int {
    n < 1 << 8 ? 1 : n < 1 << 16 ? 2 : n < 1 << 32 ? 4 : 8
  }

  static func append(_ n: UInt64, size: Int, to out: inout [UInt8]) {
    for k in stride(from: size - 1, through: 0, by: -1) { out.append(UInt8(truncatingIfNeeded: n >> (8 * UInt64(k)))) }
  }

  static func appendHeader(_ marker: UInt8, count: Int, to out: inout [UInt8]) {
    if count < 15 {
      out.append(marker | UInt8(count))
    } else {
      out.append(marker | 0xF)
      let size = byteCount(UInt64(count))
      out.append(0x10 | UInt8(size.trailingZeroBitCount))
      append(UInt64(count), size: size, to: &out)
    }
  }

  static func write(_ value: PropertyList.Value) throws(PropertyList.WriteError) -> [UInt8] {
    var flattener = Flattener()
    var path = KeyPath()
    _ = try flattener.add(value, path: &path)
    let objects = flattener.objects
    let refSize = byteCount(UInt64(objects.count))
    var out = BinaryReader.magic
    var offsets: [Int] = []
    offsets.reserveCapacity(objects.count)
    for object in objects {
      offsets.append(out.count)
      switch object {
      case .array(let refs):
        appendHeader(0xA0, count: refs.count, to: &out)
        for r in refs { append(UInt64(r), size: refSize, to: &out) }
      case .dictionary(let keys, let values):
        appendHeader(0xD0, count: keys.count, to: &out)
        for r in keys { append(UInt64(r), size: refSize, to: &out) }
        for r in values { append(UInt64(r), size: refSize, to: &out) }
      case .scalar(let storage):
        appendScalar(storage, to: &out)
      }
    }
    let tableOffset = out.count
    let offsetSize = byteCount(UInt64(tableOffset))
    for o in offsets { append(UInt64(o), size: offsetSize, to: &out) }
    out.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)])
    append(UInt64(objects.count), size: 8, to: &out)
    append(0, size: 8, to: &out)
    append(UInt64(tableOffset), size: 8, to: &out)
    return out
  }

  static func appendScalar(_ storage: PropertyList.Value.Storage, to out: inout [UInt8]) {
    switch storage {
    case .boolean(let b): out.append(b ? 0x09 : 0x08)
    case .integer(let n):
      if n.isNegative {
        out.append(0x13)
        append(UInt64(bitPattern: n.int64!), size: 8, to: &out)
      } else if n.magnitude > UInt64(Int64.max) {
        out.append(0x14)
        append(0, size: 8, to: &out)
        append(n.magnitude, size: 8, to: &out)
      } else {
        let size = byteCount(n.magnitude)
        out.append(0x10 | UInt8(size.trailingZeroBitCount))
        append(n.magnitude, size: size, to: &out)
      }
    case .real(let r):
      out.append(0x23)
      append(r.bitPattern, size: 8, to: &out)
    case .date(let d):
      out.append(0x33)
      append(d.timeIntervalSinceReferenceDate.bitPattern, size: 8, to: &out)
    case .data(let d):
      appendHeader(0x40, count: d.count, to: &out)
      out.append(contentsOf: d)
    case .string(let s):
      if s.utf8.allSatisfy({ $0 < 0x80 }) {
        appendHeader(0x50, count: s.utf8.count, to: &out)
        out.append(contentsOf: s.utf8)
      } else {
        let units = Array(s.utf16)
        appendHeader(0x60, count: units.count, to: &out)
        for u in units {
          out.append(UInt8(u >> 8))
          out.append(UInt8(u & 0xFF))
        }
      }
    case .uid(let u):
      let size = byteCount(u)
      out.append(0x80 | UInt8(size - 1))
      append(u, size: size, to: &out)
    case .array, .dictionary:
      fatalError("collections are flattened by the caller")
    }
  }
}
