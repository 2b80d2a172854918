// The byte layer (hashing, binary records, folder trees, raw file reads and writes, JSON
// string escapes, threads and waits) is VitrineBytes: every file of VitrineKit sees it, and
// VitrineKit labels its `SystemCallError`s into the `VitrineError`s a user reads.
@_exported import VitrineBytes
