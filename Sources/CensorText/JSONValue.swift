/// A parsed JSON value, as read by `JSONParser`.
///
/// Numbers are `Double`s and include the non-standard `NaN` and `Infinity` that Python's `json`
/// module writes, so that a reader can report them as invalid times instead of a syntax error.
/// The enum is not `indirect`: arrays and objects already store their elements out of line, so
/// a number or a string costs no allocation of its own.
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// What kind of value this is, for "found …" messages: `a string`, `an array`, `null`, ….
    package var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Whether the value is an array.
    package var isArray: Bool {
        if case .array = self { true } else { false }
    }
}

/// A JSON object's members in file order.
///
/// Transcript objects are small (a word has three to eight keys), so a linear search over an
/// array is faster than hashing every key into a dictionary, and it keeps the file's order.
package struct JSONObject: Sendable, Equatable {
    /// One `"key": value` pair.
    package struct Member: Sendable, Equatable {
        /// The key.
        package var key: String
        /// The value.
        package var value: JSONValue
    }

    /// The members in file order; a key may repeat.
    package var members: [Member]

    /// Creates an object from its members.
    ///
    /// - Parameter members: The members in file order.
    package init(_ members: [Member] = []) {
        self.members = members
    }

    /// The value of a key; of duplicate keys the last one wins, as in Python's `json`.
    ///
    /// - Parameter key: The key.
    /// - Returns: `nil` when the object has no such key.
    /// - Complexity: O(*n*) for *n* members.
    package subscript(key: String) -> JSONValue? {
        members.last { $0.key == key }?.value
    }

    /// Whether the object has a key.
    ///
    /// - Parameter key: The key.
    /// - Returns: `true` when some member has that key, even with a `null` value.
    package func has(_ key: String) -> Bool {
        members.contains { $0.key == key }
    }
}
