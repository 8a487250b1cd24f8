// libFuzzer target for the shared-mime-info package XML reader and the cache compiler: built by
// scripts/fuzz.sh with their sources, MIMECache's and UTIPlatform's. Whatever the bytes, reading
// ends with a package or a located error, and a package always compiles into a cache the
// reader accepts, whose lookups end without a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let package: MIMEPackage
  do {
    package = try MIMEPackage(xml: bytes, path: "fuzz")
  } catch {
    precondition(error.line >= 1 && error.column >= 1, "an error without a location: \(error)")
    return 0
  }
  let cache: MIMECache
  do {
    cache = try MIMECache(bytes: package.cacheImage, path: "fuzz")
  } catch {
    preconditionFailure("a package compiled into a cache the reader refuses: \(error)")
  }
  _ = cache.aliases
  _ = cache.typesWithParents
  _ = cache.allGlobs
  _ = cache.globMatches(forFileName: "README.Some.File.tar.gz")
  _ = cache.magicMatch(bytes)
  _ = cache.xmlNamespaces
  return 0
}
