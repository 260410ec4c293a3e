import CensorKit
import Foundation

/// `--decisions`: a review page's decisions file, applied to the one input it was made on.
struct DecisionsFile {
    let path: String
    let decisions: ReviewDecisions

    /// Reads and checks the file at `path`, at most `limit` bytes.
    ///
    /// - Throws: ``ReviewDecisionsError`` naming the file and the place, or why it cannot be read.
    init(path: String, limit: Int) throws(ReviewDecisionsError) {
        self.path = path
        let data: Data
        do {
            data = try SourceText.data(contentsOf: URL(fileURLWithPath: path), limit: limit)
        } catch {
            throw ReviewDecisionsError(path: path, place: nil, reason: error.reason)
        }
        decisions = try ReviewDecisions(data: data, path: path)
    }

    /// `request` censoring the decided edits, planned so that each keeps its frames.
    ///
    /// - Throws: ``ParameterError`` when the plan options cannot be made.
    func apply(to request: CensorRequest) throws -> CensorRequest {
        var request = request.censoring(decisions.matches)
        request.options.plan = try ReviewDecisions.planOptions(request.options.plan)
        return request
    }
}
