/// Reads typed members of a JSON transcript's items, naming the item path and what was
/// expected when one is missing or of the wrong kind.
///
/// Every JSON reader goes through these functions, so that all formats accept the same
/// spellings (numbers written as strings, `null` for an absent optional member) and word
/// errors read alike:
///
/// ```
/// talk.json (deepgram): results.channels[0].alternatives[0].words[7].start: expected a time in seconds, like 1.25, found 'soon'
/// ```
///
/// Paths are passed as non-escaping closures (see `JSONPath`) and built only for a message.
internal struct JSONFields {
    /// How a format writes a time.
    internal enum TimeUnit {
        /// Seconds: `1.25` or `"1.25"`.
        case seconds
        /// Milliseconds: `1250` or `"1250"` (AssemblyAI, whisper.cpp, Azure fast transcription).
        case milliseconds
        /// 100-nanosecond ticks: `12500000` (Azure).
        case ticks
        /// A protobuf `Duration` as JSON writes it: `"1.250s"`, `{"seconds": 1, "nanos": 250000000}`,
        /// or a plain number of seconds (Google Speech-to-Text).
        case protobufDuration
        /// An ISO 8601 duration: `"PT1.25S"`, `"PT1M2.5S"` (Azure batch transcription).
        case iso8601Duration

        /// What a time in this unit looks like, for messages.
        internal var expected: String {
            switch self {
            case .seconds: "a time in seconds, like 1.25"
            case .milliseconds: "a time in milliseconds, like 1250"
            case .ticks: "a time in 100-nanosecond ticks, like 12500000"
            case .protobufDuration: #"a duration like "1.250s""#
            case .iso8601Duration: #"a duration like "PT1.25S""#
            }
        }

        /// The seconds a value stands for; `nil` when the value is not a time in this unit.
        /// `NaN` and negative values are returned as they are, for `WordTimeRule` to reject.
        internal func seconds(in value: JSONValue) -> Double? {
            switch (self, value) {
            case (.seconds, _): return JSONFields.number(in: value)
            case (.milliseconds, _): return JSONFields.number(in: value).map { $0 / 1000 }
            case (.ticks, _): return JSONFields.number(in: value).map { $0 / 10_000_000 }
            case (.protobufDuration, .number(let seconds)): return seconds
            case (.protobufDuration, .string(let text)):
                guard text.hasSuffix("s") else { return nil }
                return Double(text.dropLast())
            case (.protobufDuration, .object(let duration)):
                let seconds = duration["seconds"].map { JSONFields.number(in: $0) } ?? 0
                let nanos = duration["nanos"].map { JSONFields.number(in: $0) } ?? 0
                guard let seconds, let nanos else { return nil }
                return seconds + nanos / 1_000_000_000
            case (.protobufDuration, _): return nil
            case (.iso8601Duration, .string(let text)): return Self.iso8601Seconds(text)
            case (.iso8601Duration, _): return nil
            }
        }

        /// Parses `PT[nH][nM][n.nS]`; days and years are not durations a recording has.
        private static func iso8601Seconds(_ text: String) -> Double? {
            guard text.hasPrefix("PT"), text.count > 2 else { return nil }
            var total = 0.0
            var number = ""
            for character in text.dropFirst(2) {
                let unit: Double
                switch character {
                case "H": unit = 3600
                case "M": unit = 60
                case "S": unit = 1
                default:
                    number.append(character)
                    continue
                }
                guard let value = Double(number) else { return nil }
                total += value * unit
                number = ""
            }
            return number.isEmpty ? total : nil
        }
    }

    /// The file as named to the user.
    internal let source: String
    /// The format being read.
    internal let format: TranscriptFormat
    /// Where word times read leniently are logged.
    internal let repairs: RepairLog

    /// Creates a reader of one file's items.
    ///
    /// - Parameters:
    ///   - document: The file.
    ///   - format: The format being read.
    internal init(_ document: TranscriptDocument, format: TranscriptFormat) {
        self.source = document.source
        self.format = format
        repairs = document.repairs
    }

    /// The error for a malformed item.
    ///
    /// - Parameters:
    ///   - path: The item's path.
    ///   - expected: What should have been there.
    ///   - found: What was there.
    internal func malformed(_ path: String, expected: String, found: String) -> TranscriptError {
        .malformed(file: source, format: format, place: JSONPath.place(path), expected: expected, found: found)
    }

    /// A value that must be an object.
    internal func object(_ value: JSONValue, at path: () -> String, expected: String = "an object")
        throws(TranscriptError) -> JSONObject
    {
        guard case .object(let object) = value else {
            throw malformed(path(), expected: expected, found: value.kindDescription)
        }
        return object
    }

    /// A value that must be an array.
    internal func array(_ value: JSONValue, at path: () -> String) throws(TranscriptError) -> [JSONValue] {
        guard case .array(let elements) = value else {
            throw malformed(path(), expected: "an array", found: value.kindDescription)
        }
        return elements
    }

    /// A member that must be present (and not `null`).
    internal func member(_ key: String, of object: JSONObject, at path: () -> String, expected: String)
        throws(TranscriptError) -> JSONValue
    {
        switch object[key] {
        case nil: throw malformed(JSONPath.key(path(), key), expected: expected, found: "no \"\(key)\" key")
        case .null?: throw malformed(JSONPath.key(path(), key), expected: expected, found: "null")
        case let value?: return value
        }
    }

    /// A member that must be an array.
    internal func array(_ key: String, of object: JSONObject, at path: () -> String) throws(TranscriptError)
        -> [JSONValue]
    {
        try array(try member(key, of: object, at: path, expected: "an array"), at: { JSONPath.key(path(), key) })
    }

    /// A member that is an array when present; `nil` when missing or `null`.
    internal func optionalArray(_ key: String, of object: JSONObject, at path: () -> String)
        throws(TranscriptError) -> [JSONValue]?
    {
        guard let value = object[key], value != .null else { return nil }
        return try array(value, at: { JSONPath.key(path(), key) })
    }

    /// A member that must be an object.
    internal func object(_ key: String, of object: JSONObject, at path: () -> String) throws(TranscriptError)
        -> JSONObject
    {
        try self.object(try member(key, of: object, at: path, expected: "an object"), at: { JSONPath.key(path(), key) })
    }

    /// A member that must be a string.
    internal func string(_ key: String, of object: JSONObject, at path: () -> String) throws(TranscriptError)
        -> String
    {
        let value = try member(key, of: object, at: path, expected: "a string")
        guard case .string(let text) = value else {
            throw malformed(JSONPath.key(path(), key), expected: "a string", found: value.kindDescription)
        }
        return text
    }

    /// A member that is a string when present; `nil` when missing or `null`.
    internal func optionalString(_ key: String, of object: JSONObject, at path: () -> String)
        throws(TranscriptError) -> String?
    {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let value?: throw malformed(JSONPath.key(path(), key), expected: "a string", found: value.kindDescription)
        }
    }

    /// A time that must be present.
    internal func time(_ key: String, of object: JSONObject, unit: TimeUnit, at path: () -> String)
        throws(TranscriptError) -> Double
    {
        try time(
            try member(key, of: object, at: path, expected: unit.expected), unit: unit,
            at: { JSONPath.key(path(), key) })
    }

    /// A time when present; `nil` when missing or `null`.
    internal func optionalTime(_ key: String, of object: JSONObject, unit: TimeUnit, at path: () -> String)
        throws(TranscriptError) -> Double?
    {
        guard let value = object[key], value != .null else { return nil }
        return try time(value, unit: unit, at: { JSONPath.key(path(), key) })
    }

    /// A value that must be a time in a unit.
    internal func time(_ value: JSONValue, unit: TimeUnit, at path: () -> String) throws(TranscriptError) -> Double {
        guard let seconds = unit.seconds(in: value) else {
            throw malformed(path(), expected: unit.expected, found: Self.describe(value))
        }
        return seconds
    }

    /// A confidence in 0...1 (a number or a numeric string) when present; `nil` when missing or
    /// `null`.
    internal func confidence(_ key: String, of object: JSONObject, at path: () -> String) throws(TranscriptError)
        -> Double?
    {
        guard let value = object[key], value != .null else { return nil }
        return try confidence(value, at: { JSONPath.key(path(), key) })
    }

    /// A value that must be a confidence in 0...1.
    internal func confidence(_ value: JSONValue, at path: () -> String) throws(TranscriptError) -> Double {
        guard let number = Self.number(in: value), (0...1).contains(number) else {
            throw malformed(path(), expected: "a number from 0 to 1", found: Self.describe(value))
        }
        return number
    }

    /// A speaker label (a string, or an integer such as Deepgram's `0`) when present; `nil` when
    /// missing or `null`.
    internal func speaker(_ key: String, of object: JSONObject, at path: () -> String) throws(TranscriptError)
        -> String?
    {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let name)?: return name
        case .number(let number)? where Int(exactly: number) != nil:
            return String(Int(number))
        case let value?:
            throw malformed(
                JSONPath.key(path(), key), expected: "a speaker name or number", found: Self.describe(value))
        }
    }

    /// A word whose times obey `WordTimeRule`.
    ///
    /// - Parameters:
    ///   - text: The word as written.
    ///   - start: Start in seconds.
    ///   - end: End in seconds.
    ///   - confidence: The recognizer's confidence.
    ///   - speaker: The speaker label.
    ///   - startPath: Where the start time is, for the message.
    ///   - endPath: Where the end time (or the duration it was computed from) is.
    /// - Throws: `TranscriptError.invalidTime` at the offending time.
    internal func word(
        _ text: String, start: Double, end: Double, confidence: Double? = nil, speaker: String? = nil,
        startPath: () -> String, endPath: () -> String
    ) throws(TranscriptError) -> Word {
        let times = try WordTimeRule.check(
            start: start, end: end, file: source, format: format,
            startPlace: { JSONPath.place(startPath()) }, endPlace: { JSONPath.place(endPath()) }, repairs: repairs)
        return Word(text: text, start: times.start, end: times.end, confidence: confidence, speaker: speaker)
    }

    /// A word whose start, end and confidence are members of its item.
    ///
    /// - Parameters:
    ///   - text: The word as written.
    ///   - item: The word's object.
    ///   - path: The object's path.
    ///   - startKey: The key of the start time.
    ///   - endKey: The key of the end time.
    ///   - unit: How both times are written.
    ///   - confidenceKey: The key of the confidence, or `nil` when the format has none.
    ///   - speaker: The speaker label, read by the caller from wherever the format keeps it.
    /// - Throws: `TranscriptError` for a missing or malformed member or an invalid time.
    internal func word(
        _ text: String, in item: JSONObject, at path: () -> String, start startKey: String = "start",
        end endKey: String = "end", unit: TimeUnit = .seconds, confidence confidenceKey: String? = "confidence",
        speaker: String? = nil
    ) throws(TranscriptError) -> Word {
        try word(
            text, start: try time(startKey, of: item, unit: unit, at: path),
            end: try time(endKey, of: item, unit: unit, at: path),
            confidence: try confidenceKey.map { (key) throws(TranscriptError) in try confidence(key, of: item, at: path)
            } ?? nil,
            speaker: speaker, startPath: { JSONPath.key(path(), startKey) }, endPath: { JSONPath.key(path(), endKey) })
    }

    /// A number, or a string holding one (`"0.04"`, as AWS writes times).
    internal static func number(in value: JSONValue) -> Double? {
        switch value {
        case .number(let number): number
        case .string(let text): Double(text.trimmingWhitespace)
        default: nil
        }
    }

    /// A value for "found …": a string quoted, a number as written, else its kind.
    internal static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): "'\(text)'"
        case .number(let number): "\(number)"
        default: value.kindDescription
        }
    }
}
