import SystemPasteboard

var item = SystemPasteboard.Item()
item.register(.utf8PlainText) { Array("Hello from Swift".utf8) }  // run when an application asks
try SystemPasteboard.clipboard.setItems([item])
SystemPasteboard.clipboard.waitUntilOwnershipEnds()
