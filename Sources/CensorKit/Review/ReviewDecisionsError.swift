import Foundation

/// A decisions file (``ReviewDecisions``) that cannot be applied: its path, the place in it,
/// and what is wrong there.
public struct ReviewDecisionsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// Where in it, as a JSON path (`edits[2].endFrame`), or `nil` for the whole file.
    public var place: String?
    /// What is wrong.
    public var reason: String

    /// Describes a bad decisions file.
    public init(path: String, place: String?, reason: String) {
        self.path = path
        self.place = place
        self.reason = reason
    }

    /// The error of a JSON decoder, at the place it names.
    init(decoding error: DecodingError, path: String) {
        func place(_ codingPath: [any CodingKey]) -> String? {
            let text = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? "." + key.stringValue }.joined()
            return text.isEmpty ? nil : String(text.drop { $0 == "." })
        }
        switch error {
        case let .typeMismatch(type, context):
            self.init(path: path, place: place(context.codingPath), reason: "expected \(Self.name(type))")
        case let .valueNotFound(type, context):
            self.init(path: path, place: place(context.codingPath), reason: "expected \(Self.name(type)), found null")
        case let .keyNotFound(key, context):
            self.init(path: path, place: place(context.codingPath + [key]), reason: "missing")
        case let .dataCorrupted(context) where context.codingPath.last?.stringValue == "decision":
            let names = ReviewDecisions.Decision.allCases.map(\.rawValue).joined(separator: ", ")
            self.init(path: path, place: place(context.codingPath), reason: "expected one of \(names)")
        case let .dataCorrupted(context):
            let reason = context.codingPath.isEmpty ? "not JSON" : context.debugDescription
            self.init(path: path, place: place(context.codingPath), reason: reason)
        @unknown default:
            self.init(path: path, place: nil, reason: "\(error)")
        }
    }

    private static func name(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type: "a whole number"
        case is String.Type: "a string"
        case is [Any].Type: "an array"
        default: "\(type)".lowercased().replacingOccurrences(of: "dictionary<string, any>", with: "an object")
        }
    }

    public var description: String {
        "decisions '\(path)'" + (place.map { ", \($0)" } ?? "") + ": \(reason)"
    }
}
