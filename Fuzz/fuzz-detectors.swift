// libFuzzer target for the built-in detectors and identification: built by scripts/fuzz.sh
// against the UTIPlatform, PropertyList and TypeRegistry modules. Whatever the bytes, as a whole
// content and as a 4 KB prefix, detection and identification must end without a crash or a
// hang, and never read past the bytes they were given; and the same bytes as a drag image's PNG.
@testable import TypeRegistry

let registry = UTTypeRegistry.Builder(mimeDatabase: nil).build()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  var whole = ContentBytes(bytes, size: size)
  _ = ContentDetector.detect(&whole)
  var prefix = ContentBytes(UnsafeRawBufferPointer(rebasing: bytes.prefix(ContentDetector.prefixLength)))
  _ = ContentDetector.detect(&prefix)
  _ = registry.identify(prefix: bytes, fileName: "upload.bin").mimeType
  // Without a name: text is weighed (TextClassifier) and explained.
  _ = registry.identify(prefix: bytes, fileName: nil).explanation
  _ = Inflate.decode(bytes, limit: 1 << 16)
  // A drag image's PNG, its CRCs not checked so that mutations reach the image data: decoded,
  // or refused at a byte of the input; never a crash.
  do {
    let image = try PNGDecoder.decode(Array(bytes), checkingCRC: false)
    precondition(image.pixels.count == image.width * image.height, "a \(image.width) × \(image.height) PNG decoded")
  } catch {
    precondition(error.offset >= 0 && error.offset <= size, "a PNG error placed off the input: \(error.offset)")
  }
  return 0
}
