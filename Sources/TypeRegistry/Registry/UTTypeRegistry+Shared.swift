import UTIPlatform

extension UTTypeRegistry {
  /// The process's registry: the built-in catalog, on Linux the machine's MIME types (read when
  /// a query first needs them), and whatever has been registered since.
  ///
  /// `UTType`'s initializers and constants consult it. Registering builds a new snapshot outside
  /// any lock and swaps it in, so readers on other threads see either the old snapshot or the new
  /// one, never a half-built one, and are never held up by a build; `UTType` values keep the
  /// snapshot they came from. Reading the current snapshot (what every `UTType.png` does) takes no
  /// lock: see `utibench`'s "UTType.png" row for its cost.
  ///
  /// ```swift
  /// try UTTypeRegistry.shared.register(contentsOf: URL(fileURLWithPath: "PointyBug/Info.plist"))
  /// UTType("com.raywenderlich.pointybug.tool.arrow")?.conforms(to: .data)  // true
  /// ```
  public static let shared = Shared()

  /// A registry that can grow: see ``UTTypeRegistry/shared``.
  public final class Shared: Sendable {
    private let state = Published(BuiltInCatalog.registryWithMIMETypes)

    init() {}

    /// The current snapshot.
    /// - Complexity: O(1), without a lock unless another thread registered since this one last read.
    public var current: UTTypeRegistry { state.current }

    /// Adds the declarations of an Info.plist, an `exported-types.plist`, or a bundle directory.
    /// - Throws: ``DeclarationLoadError`` when the file cannot be read; nothing changes then.
    /// - Parameter url: A file URL of the property list file or bundle directory.
    public func register(contentsOf url: URL) throws(DeclarationLoadError) {
      register(try DeclarationFile(contentsOf: url.path))
    }

    /// Adds the declarations of a file given by path.
    ///
    /// - Parameter path: A property list file or a bundle directory.
    /// - Throws: ``DeclarationLoadError`` when the file cannot be read; nothing changes then.
    public func register(contentsOf path: String) throws(DeclarationLoadError) {
      register(try DeclarationFile(contentsOf: path))
    }

    /// Adds the declarations of a parsed file.
    ///
    /// - Parameter file: The file, parsed with ``DeclarationFile/init(bytes:path:isBuiltIn:)``.
    public func register(_ file: DeclarationFile) {
      update { $0.add(file) }
    }

    /// Adds declarations made in code.
    ///
    /// - Parameter declarations: The declarations; they win over the built-in catalog's.
    public func register(_ declarations: [TypeDeclaration]) {
      update { builder in declarations.forEach { builder.add($0) } }
    }

    /// Goes back to the built-in catalog (and, on Linux, the machine's MIME types) alone.
    public func reset() {
      state.set(BuiltInCatalog.registryWithMIMETypes)
    }

    /// Builds the next snapshot from the current one outside the lock, then publishes it (again
    /// from the newer snapshot if another registration won the race, so none is lost).
    private func update(_ change: (inout Builder) -> Void) {
      state.update { current in
        var builder = Builder(current)
        change(&builder)
        return builder.build()
      }
    }
  }
}

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
