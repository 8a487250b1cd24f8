#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// The C library calls the module makes, in one place (the readers compare bytes, the XML
/// writer formats reals as C does), so that no other file of it imports libc.
enum CLibrary {
  /// Whether the `count` bytes at `a` and at `b` are the same (`memcmp`).
  @inline(__always)
  static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    memcmp(a, b, count) == 0
  }

  /// `value` as `printf` writes it with `%.17g`: 17 significant digits, the shortest of the
  /// fixed and the exponent forms.
  static func seventeenDigits(_ value: Double) -> String {
    var buffer = [CChar](repeating: 0, count: 40)
    _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.17g", $0) }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
