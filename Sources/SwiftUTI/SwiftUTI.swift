// The guides of swift-uti, by task, in this target's documentation catalog (SwiftUTI.docc): the
// Swift Package Index builds DocC from targets' catalogs (.spi.yml names this one beside every
// library module), and scripts/docs.sh builds it locally. The target has no product and no API;
// the guides are about the library modules, which document their own symbols.

/// The guides' module: nothing to call.
enum SwiftUTIGuides {}
