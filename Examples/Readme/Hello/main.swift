import TypeRegistry

let png = UTType(filenameExtension: "png")!
print(png.identifier, png.preferredMIMEType ?? "-", png.conforms(to: .image))

// Bytes without a name (an upload, a pipe): identified by their content alone.
let registry = UTTypeRegistry.shared.current
let upload: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
let found = registry.identify(upload, fileName: nil)
print(found.type.identifier, found.mimeType)
let script = registry.identify(Array("#!/bin/sh\necho hello\n".utf8), fileName: nil, isComplete: true)
print(script.type.identifier, script.mimeType)
