/// The value a manifest line gives one key: any JSON value of a JSON line, text for a CSV field.
enum ManifestValue: Decodable, Sendable, CustomStringConvertible {
    case text(String)
    case number(Double)
    case list([ManifestValue])
    /// `true`, `false`, `null` or an object: no key takes one.
    case other(String)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .other("null")
        } else if let text = try? container.decode(String.self) {
            self = .text(text)
        } else if let flag = try? container.decode(Bool.self) {
            self = .other(String(flag))
        } else if let number = try? container.decode(Double.self) {
            // -0 reads as 0, so that no setting differs by the sign of a zero.
            self = .number(number == 0 ? 0 : number)
        } else if let list = try? container.decode([ManifestValue].self) {
            self = .list(list)
        } else {
            let object = try container.decode([String: ManifestValue].self)
            let members = object.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value.json)" }
            self = .other("{" + members.joined(separator: ", ") + "}")
        }
    }

    /// The value as messages show it: text as it is, a whole number without a fraction.
    var description: String {
        switch self {
        case let .text(text): text
        case let .number(number): number == number.rounded() && abs(number) < 0x1p53 ? String(Int(number)) : "\(number)"
        case let .list(values): "[" + values.map(\.json).joined(separator: ", ") + "]"
        case let .other(text): text
        }
    }

    /// The value as it stands in JSON, text quoted (an element of a list or an object in a message).
    private var json: String {
        if case let .text(text) = self { "\"\(text)\"" } else { description }
    }
}
