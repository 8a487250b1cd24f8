import TypeRegistry

/// Item providers, pasteboards and drag-and-drop on top of ``TypeRegistry``.
///
/// The module is filled by later work; today it only links against TypeRegistry.
public enum PasteboardModule {}
