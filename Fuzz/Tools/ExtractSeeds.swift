// Writes the string fixtures the tests keep inline as seed files for the fuzzer.
//
//     extract-seeds <output folder> <test file>...
//
// Every multi-line string literal (`"""` or `#"""`) and every single-line raw literal (`#"…"#`)
// of at least 8 characters becomes one file, named by its source file, line and index. Multi-line
// literals lose their closing delimiter's indentation, as Swift strips it; escapes of plain
// literals are decoded. Interpolations stay as written: a seed need not be exact.

import Foundation

/// Decodes the escapes of a plain (not raw) string literal's text.
func unescaped(_ text: Substring) -> String {
    var result = ""
    var iterator = text.makeIterator()
    while let character = iterator.next() {
        guard character == "\\", let next = iterator.next() else {
            result.append(character)
            continue
        }
        switch next {
        case "n": result.append("\n")
        case "t": result.append("\t")
        case "r": result.append("\r")
        case "0": result.append("\0")
        case "\"", "\\", "'": result.append(next)
        default: result.append(character); result.append(next)
        }
    }
    return result
}

/// The literals of one Swift source file: the line each starts on and its value.
func literals(in source: String) -> [(line: Int, text: String)] {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    var found: [(Int, String)] = []
    var index = 0
    while index < lines.count {
        let line = lines[index]
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("\"\"\""), !trimmed.hasPrefix("\"\"\""), !trimmed.hasPrefix("//") {
            // A multi-line literal opens here; it closes at a line of only `"""` or `"""#`.
            let raw = trimmed.hasSuffix("#\"\"\"")
            var body: [Substring] = []
            var end = index + 1
            while end < lines.count {
                let closing = lines[end].trimmingCharacters(in: .whitespaces)
                if closing.hasPrefix("\"\"\"") { break }
                body.append(lines[end])
                end += 1
            }
            guard end < lines.count else { break }
            let indent = lines[end].prefix { $0 == " " || $0 == "\t" }.count
            let text = body.map { $0.count >= indent ? $0.dropFirst(indent) : Substring("") }
                .joined(separator: "\n")
            found.append((index + 1, raw ? text : unescaped(Substring(text))))
            index = end + 1
            continue
        }
        // Single-line raw literals: #"…"#.
        var rest = line[...]
        while let open = rest.range(of: "#\""), let close = rest[open.upperBound...].range(of: "\"#") {
            let text = rest[open.upperBound..<close.lowerBound]
            if text.count >= 8 { found.append((index + 1, String(text))) }
            rest = rest[close.upperBound...]
        }
        index += 1
    }
    return found
}

let arguments = CommandLine.arguments.dropFirst()
guard let folder = arguments.first else {
    FileHandle.standardError.write(Data("usage: extract-seeds <output folder> <test file>...\n".utf8))
    exit(64)
}
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
var count = 0
for path in arguments.dropFirst() {
    let source = try String(contentsOfFile: path, encoding: .utf8)
    let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    for (index, (line, text)) in literals(in: source).enumerated() {
        let name = "\(stem)-\(line)-\(index)"
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
        count += 1
    }
}
print("extract-seeds: \(count) fixtures into \(folder)")
