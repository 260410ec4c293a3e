/// Splits one line of comma-separated values, for `WhisperCppCSV` and `MFACSV`.
///
/// A field may be quoted; inside quotes `""` is a quote (RFC 4180, as Python's `csv` writes),
/// and with `backslashEscapes` also `\"` and `\\` (as older whisper.cpp versions write).
package enum CSVLine {
    /// One field and the column it starts at.
    package struct Field {
        /// The field's text, unquoted.
        package var text: String
        /// Column in Unicode scalars, from 1.
        package var column: Int
    }

    /// A line that is not valid CSV: an unterminated quote, or text after a closing quote.
    package struct SyntaxError: Error {
        /// Column in Unicode scalars, from 1.
        package var column: Int
        package var expected: String
        package var found: String
    }

    /// The fields of a line.
    ///
    /// - Parameters:
    ///   - line: The line without its line end.
    ///   - backslashEscapes: Whether `\"` and `\\` are escapes inside quotes.
    /// - Returns: The fields, at least one.
    /// - Throws: `SyntaxError` at the first problem.
    package static func fields(of line: Substring, backslashEscapes: Bool = false) throws(SyntaxError) -> [Field] {
        let scalars = Array(line.unicodeScalars)
        var fields: [Field] = []
        var index = 0
        while true {
            let start = index
            var text = String.UnicodeScalarView()
            if index < scalars.count, scalars[index] == "\"" {
                index += 1
                while true {
                    guard index < scalars.count else {
                        throw SyntaxError(
                            column: start + 1, expected: "a closing '\"' for this field", found: "end of line")
                    }
                    let scalar = scalars[index]
                    if scalar == "\"", index + 1 < scalars.count, scalars[index + 1] == "\"" {
                        text.append("\"")
                        index += 2
                    } else if scalar == "\"" {
                        index += 1
                        break
                    } else if backslashEscapes, scalar == "\\", index + 1 < scalars.count,
                        scalars[index + 1] == "\"" || scalars[index + 1] == "\\"
                    {
                        text.append(scalars[index + 1])
                        index += 2
                    } else {
                        text.append(scalar)
                        index += 1
                    }
                }
                guard index == scalars.count || scalars[index] == "," else {
                    throw SyntaxError(
                        column: index + 1, expected: "',' after the quoted field", found: "'\(scalars[index])'")
                }
            } else {
                while index < scalars.count, scalars[index] != "," {
                    text.append(scalars[index])
                    index += 1
                }
            }
            fields.append(Field(text: String(text), column: start + 1))
            guard index < scalars.count else { return fields }
            index += 1  // the comma
        }
    }
}
