/// The journal schema's version that this daybook writes: the number of its migrations
/// (`Schema.migrations` in the store, which a test holds to this). The sync folder's files
/// carry it, and a file of a newer schema is refused before it is read further.
package enum SchemaVersion {
    package static let current = 12
}
