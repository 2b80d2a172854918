import Foundation

/// Decodes JSON files and API bodies into Swift values with errors a person can act on:
/// `Site/favorites.json:4:17: invalid JSON (Invalid value)` or
/// `Site/favorites.json:7:18: favorites[1].addedAt: expected a string`.
enum JSONFile {
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, file: String) throws(VitrineError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            throw describe(error, data: data, file: file)
        } catch {
            throw VitrineError(file: file, "\(error)")
        }
    }

    static func describe(_ error: DecodingError, data: Data, file: String) -> VitrineError {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return syntaxError(in: data, file: file)
        case .dataCorrupted(let context):
            return located(context.codingPath, data: data, file: file, context.debugDescription)
        case .keyNotFound(let key, let context):
            let path = context.codingPath
            return located(path, data: data, file: file, "missing key '\(key.stringValue)'", container: true)
        case .typeMismatch(let type, let context):
            return located(context.codingPath, data: data, file: file, "expected \(describe(type))")
        case .valueNotFound(let type, let context):
            return located(context.codingPath, data: data, file: file, "expected \(describe(type)), found null")
        @unknown default:
            return VitrineError(file: file, "\(error)")
        }
    }

    private static func located(
        _ path: [any CodingKey], data: Data, file: String, _ message: String, container: Bool = false
    ) -> VitrineError {
        let pathText = keyPath(path)
        let position = JSONLocator.position(of: path.map(JSONLocator.Step.init), in: data)
        let prefix = pathText.isEmpty ? (container ? "top level" : "") : pathText
        let text = prefix.isEmpty ? message : "\(prefix): \(message)"
        return VitrineError(file: file, line: position?.line, column: position?.column, text)
    }

    /// `favorites[1].addedAt`
    static func keyPath(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type: "an integer"
        case is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default:
            "\(type)".hasPrefix("Array") ? "an array" : "an object"
        }
    }

    /// Foundation's JSONDecoder does not say where the syntax broke; JSONSerialization gives
    /// a character offset, which is turned into line and column here.
    static func syntaxError(in data: Data, file: String) -> VitrineError {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return numberError(in: data, file: file) ?? VitrineError(file: file, "invalid JSON")
        } catch {
            if "\(error)".contains("not representable"), let located = numberError(in: data, file: file) { return located }
            let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            let offset: Int
            if let range = text.range(of: "character "),
                let number = Int(text[range.upperBound...].prefix(while: \.isNumber))
            {
                offset = number
            } else {
                offset = data.count  // "Unexpected end of file"
            }
            let reason = text.components(separatedBy: " around").first ?? text
            let (line, column) = lineAndColumn(ofCharacter: offset, in: data)
            return VitrineError(file: file, line: line, column: column, "invalid JSON (\(reason.trimmingCharacters(in: .punctuationCharacters)))")
        }
    }

    /// Valid JSON that still did not decode: a number too large for its field (Foundation
    /// says only "not valid JSON"), found and named with its position and key path.
    private static func numberError(in data: Data, file: String) -> VitrineError? {
        guard let number = JSONLocator.unrepresentableNumber(in: data) else { return nil }
        let (line, column) = lineAndColumn(ofCharacter: number.offset, in: data)
        let path = keyPath(number.path.map(\.codingKey))
        return VitrineError(file: file, line: line, column: column, "\(path.isEmpty ? "" : path + ": ")\(number.literal) does not fit this field")
    }

    /// 1-based line and column of a UTF-8 byte offset.
    static func lineAndColumn(ofCharacter offset: Int, in data: Data) -> (Int, Int) {
        var line = 1
        var column = 1
        for (index, byte) in data.enumerated() {
            if index >= offset { break }
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}
