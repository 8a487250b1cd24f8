// libFuzzer target for the xml reader: built by scripts/fuzz.sh with the PropertyList sources.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  do {
    try PropertyListRoundTrip.check(bytes, format: .xml)
  } catch {
    fatalError("\(error)")
  }
  return 0
}
