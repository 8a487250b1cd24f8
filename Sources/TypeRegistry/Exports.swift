// Declarations, documents and source locations are property-list values: code that imports
// TypeRegistry reads and writes them without a second import, as it did before PropertyList was
// a module of its own.
@_exported import PropertyList
