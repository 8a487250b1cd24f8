extension ContentDetector {
  /// Compound File Binary (MS-CFB), by the root entry's CLSID and the stream names of the first
  /// directory sectors: Word, Excel, PowerPoint, Visio, Windows Installer, Outlook messages.
  ///
  /// Reads the 512-byte header (2.2), then follows the directory's sector chain through the FAT
  /// sectors the header lists (2.3, 2.6) for at most 8 sectors, never one already read.
  static func detectCompoundFile(_ content: inout ContentBytes) -> Format? {
    let h = content.head
    guard h.u64be(0) == 0xD0CF_11E0_A1B1_1AE1 else { return nil }
    let shift = Int(h.u16le(30))
    guard shift == 9 || shift == 12 else { return .compoundFile }
    let sectorSize = 1 << shift
    var sector = Int(h.u32le(48))
    var seen: Set<Int> = []
    var names: Set<String> = []
    var rootCLSID: (UInt32, UInt64) = (0, 0)
    for _ in 0..<8 {
      guard sector < 0xFFFF_FFFA, seen.insert(sector).inserted else { break }
      let offset = (sector + 1) << shift
      content.withWindow(at: offset, count: sectorSize) { view in
        for index in 0..<(sectorSize / 128) {
          let entry = offset + 128 * index
          let length = min(Int(view.u16le(entry + 64)), 64)
          guard length >= 2, view.contains(entry, 128) else { continue }
          if view.u8(entry + 66) == 5 { rootCLSID = (view.u32le(entry + 80), view.u64be(entry + 88)) }
          var name = ""
          for at in stride(from: entry, to: entry + length - 2, by: 2) {
            name.unicodeScalars.append(Unicode.Scalar(UInt8(truncatingIfNeeded: view.u16le(at))))
          }
          names.insert(name)
        }
      }
      // The next directory sector: its FAT entry, in the FAT sector the header's DIFAT lists.
      let perSector = sectorSize / 4
      let fatIndex = sector / perSector
      guard fatIndex < 109 else { break }
      let fatSector = Int(h.u32le(76 + 4 * fatIndex))
      guard fatSector < 0xFFFF_FFFA else { break }
      let at = ((fatSector + 1) << shift) + 4 * (sector % perSector)
      sector = content.withWindow(at: at, count: 4) { Int($0.u32le(at)) }
    }
    // CLSIDs (MS-OLEDS and the applications' documentation), as Data1 and the last 8 bytes.
    let office: UInt64 = 0xC000_0000_0000_0046
    switch rootCLSID {
    case (0x0002_0906, office), (0x0002_0900, office): return .doc
    case (0x0002_0820, office), (0x0002_0810, office): return .xls
    case (0x6481_8D10, _): return .ppt
    case (0x000C_1084, office), (0x000C_1086, office), (0x000C_1082, office): return .msi
    case (0x0002_1A14, office), (0x0002_1A13, office): return .vsd
    case (0x0002_0D0B, office): return .outlookMessage
    default: break
    }
    if names.contains("WordDocument") { return .doc }
    if names.contains("Workbook") || names.contains("Book") { return .xls }
    if names.contains("PowerPoint Document") { return .ppt }
    if names.contains("VisioDocument") { return .vsd }
    if names.contains("__properties_version1.0") || names.contains(where: { $0.hasPrefix("__substg1.0_") }) {
      return .outlookMessage
    }
    return .compoundFile
  }
}
