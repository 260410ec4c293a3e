import Foundation

/// How numbers are written in the tables.
enum Format {
    /// `412 ns`, `3.21 µs`, `45.6 ms`, `1.234 s`, `74.1 s`.
    static func seconds(_ value: Double) -> String {
        switch value {
        case ..<1e-6: String(format: "%.0f ns", value * 1e9)
        case ..<1e-3: String(format: "%.2f µs", value * 1e6)
        case ..<1: String(format: "%.1f ms", value * 1e3)
        case ..<10: String(format: "%.3f s", value)
        default: String(format: "%.1f s", value)
        }
    }

    /// Megabytes (10⁶ bytes): `14.2 MB`.
    static func bytes(_ value: Int) -> String {
        String(format: value >= 100_000_000 ? "%.0f MB" : "%.1f MB", Double(value) / 1e6)
    }

    /// `1.05×`, `230×`.
    static func ratio(_ value: Double) -> String {
        String(format: value >= 100 ? "%.0f×" : value >= 10 ? "%.1f×" : "%.2f×", value)
    }

    /// `+4.2 %`.
    static func signedPercent(_ value: Double) -> String { String(format: "%+.1f %%", value * 100) }

    /// `50 %`.
    static func percent(_ value: Double) -> String { String(format: "%.0f %%", value * 100) }

    /// `2,345× real time`, `12.3 M words/s`.
    static func rate(_ rate: Rate) -> String {
        if rate.unit == "x real time" { return "\(grouped(rate.value))× real time" }
        let value = rate.value
        switch value {
        case 1e9...: return String(format: "%.2f G %@", value / 1e9, rate.unit)
        case 1e6...: return String(format: "%.2f M %@", value / 1e6, rate.unit)
        case 1e3...: return String(format: "%.1f k %@", value / 1e3, rate.unit)
        default: return String(format: "%.1f %@", value, rate.unit)
        }
    }

    /// `10`, `1,000`, `10,000`.
    static func count(_ value: Int) -> String { value < 100 ? "\(value)" : grouped(Double(value)) }

    /// A whole number with thousands separators; one decimal under 100.
    static func grouped(_ value: Double) -> String {
        if value < 100 { return String(format: "%.1f", value) }
        let digits = String(Int(value.rounded()))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}

/// A table rendered as aligned text or as Markdown.
struct Table {
    var headers: [String]
    var rows: [[String]]
    /// Columns aligned right (numbers); the others are aligned left.
    var rightAligned: Set<Int> = []

    func text() -> String {
        var widths = headers.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                let padding = String(repeating: " ", count: max(0, widths[index] - cell.count))
                return rightAligned.contains(index) ? padding + cell : cell + padding
            }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(headers), rule] + rows.map(line)).joined(separator: "\n") + "\n"
    }

    func markdown() -> String {
        func line(_ cells: [String]) -> String {
            "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
        }
        let rule = "|" + headers.indices.map { rightAligned.contains($0) ? " ---: |" : " --- |" }.joined()
        return ([line(headers), rule] + rows.map(line)).joined(separator: "\n") + "\n"
    }
}
