// libFuzzer target for the json reader: built by scripts/fuzz.sh against PropertyListFuzz
// (the PropertyList sources and the round trip check, one module shared by the four targets).
import PropertyListFuzz

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  do {
    try PropertyListRoundTrip.check(bytes, format: .json)
  } catch {
    fatalError("\(error)")
  }
  return 0
}
