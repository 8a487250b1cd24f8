import SystemPasteboard

let clipboard = SystemPasteboard.clipboard
for (type, target) in try clipboard.targets() { print(target, "→", type.identifier) }
if let text = try clipboard.data(conformingTo: .plainText) {
  print(String(decoding: text.data, as: UTF8.self))
}
