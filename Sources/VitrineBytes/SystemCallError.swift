import Foundation

/// A system call that failed: which call, on which path, and the `errno` it left.
///
/// The byte-level code of this target throws only this; VitrineKit turns it into the
/// `VitrineError` a user reads, naming the file as the user knows it (`SystemCallError.reason`
/// gives the words, `strerror`'s).
public struct SystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call, as its manual page names it: `open`, `write`, `renameat2`, `flock`.
    public var call: String
    /// The path the call was given, when there was one.
    public var path: String?
    /// The `errno` the call left.
    public var code: Int32

    /// The failure of `call` on `path`; `code` defaults to the `errno` the call just left.
    public init(_ call: String, path: String? = nil, code: Int32 = errno) {
        self.call = call
        self.path = path
        self.code = code
    }

    /// The system's words for `code`: "No such file or directory".
    public var reason: String { String(cString: strerror(code)) }

    /// `open /site/x: No such file or directory`.
    public var description: String { "\(call)\(path.map { " \($0)" } ?? ""): \(reason)" }
}
