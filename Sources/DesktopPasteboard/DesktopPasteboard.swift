// The bridge between Pasteboard's model and the desktop: `import DesktopPasteboard` gives the
// system pasteboard (re-exported, as the bridge is the API a Foundation application uses) with
// item providers, and windows that take drops into a `DropSurface` and start drags.
@_exported import SystemPasteboard
