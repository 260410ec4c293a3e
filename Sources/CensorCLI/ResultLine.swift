/// One `--results` line: what became of one manifest job. Every key is written, an absent
/// value as `null`:
///
/// ```json
/// {"audioSeconds":2,"error":null,"input":"/jobs/in/a.wav","line":1,"output":"/jobs/out/a.wav","seconds":0.412,"spans":2,"status":"done"}
/// ```
struct ResultLine: Encodable {
    /// The job's line in the manifest, from 1.
    var line: Int
    /// The input; `nil` for a line that names none that can be read.
    var input: String?
    var output: String?
    /// `done`, `skipped` or `failed`.
    var status: String
    var spans: Int
    /// How long the job took, to the millisecond.
    var seconds: Double
    /// The input's length in seconds, to the millisecond.
    var audioSeconds: Double
    var error: String?

    /// What a file must start with to be an earlier `--results`: a line with a line number and a status.
    struct Heading: Decodable {
        var line: Int
        var status: String
    }

    /// The line of `result`.
    init(_ result: ManifestRun.JobResult) {
        line = result.entry.line
        input = try? result.entry.job.get().input
        output = result.output
        status = result.status.rawValue
        spans = result.spans
        seconds = (result.seconds * 1000).rounded() / 1000
        audioSeconds = (result.audioSeconds * 1000).rounded() / 1000
        error = result.error
    }

    private enum CodingKeys: String, CodingKey {
        case line, input, output, status, spans, seconds, audioSeconds, error
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(line, forKey: .line)
        try container.encode(input, forKey: .input)
        try container.encode(output, forKey: .output)
        try container.encode(status, forKey: .status)
        try container.encode(spans, forKey: .spans)
        try container.encode(seconds, forKey: .seconds)
        try container.encode(audioSeconds, forKey: .audioSeconds)
        try container.encode(error, forKey: .error)
    }
}
