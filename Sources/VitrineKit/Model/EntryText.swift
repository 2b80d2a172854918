import VitrineBytes

/// A catalog entry's description. An item read from a catalog holds it as a `String`; an
/// item taken from the catalog cache (`CatalogCache`) holds bytes — of its cache record, or
/// the JSON string of the catalog it was read from — made a `String` only when a page shows
/// it, since a rebuild checks and hashes every description but renders only those of the
/// pages it writes (`LazyText` keeps them).
///
/// Rules the model keeps:
/// - the text policy still checks the bytes (`TextPolicy.markdown`), without making a
///   `String` of them when nothing in them could be removed;
/// - bytes that are not valid UTF-8 — a record damaged in a way its digest did not catch —
///   are repaired when read, as `String(decoding:as:)` repairs them: they can change a
///   page key, never a page's safety. So is a JSON string that no longer unescapes (never
///   seen: its bytes are those the scanner read, by their digest), which reads as empty;
/// - two descriptions are equal when their bytes are.
typealias EntryText = LazyText
