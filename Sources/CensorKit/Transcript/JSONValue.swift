/// A parsed JSON value, as read by `JSONParser`.
///
/// Numbers are `Double`s and include the non-standard `NaN` and `Infinity` that Python's `json`
/// module writes, so that a reader can report them as invalid times instead of a syntax error.
internal indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// What kind of value this is, for "found …" messages: `a string`, `an array`, `null`, ….
    internal var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
