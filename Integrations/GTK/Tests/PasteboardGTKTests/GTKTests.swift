import Testing

/// Every test of the adapter, one after the other: they share each desktop (its server or
/// compositor, and the one pointer that drives it), so no two may move the pointer at once.
@Suite("GTK 4 apps", .serialized)
struct GTKTests {}
