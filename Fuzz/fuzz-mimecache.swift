// libFuzzer target for the mime.cache reader: built by scripts/fuzz.sh with the MIMECache and
// UTIPlatform sources. Whatever the bytes, reading and every lookup must end without a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let cache = try? MIMECache(bytes: bytes, path: "fuzz") else { return 0 }
  _ = cache.unalias("application/x-pdf")
  _ = cache.aliases
  _ = cache.parents(of: "image/svg+xml")
  _ = cache.typesWithParents
  _ = cache.globMatches(forFileName: "README.Some.File.tar.gz")
  _ = cache.allGlobs
  _ = cache.magicExtent
  _ = cache.magicMatch(bytes)
  _ = cache.mimeType(forXMLNamespace: "http://www.w3.org/2000/svg", localName: "svg")
  _ = cache.magicTypes
  _ = cache.xmlNamespaces
  _ = cache.icon(of: "image/png")
  _ = cache.genericIcon(of: "image/png")
  return 0
}
