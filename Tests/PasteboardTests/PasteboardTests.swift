import Testing

@testable import Pasteboard
