import CPocketSphinx
import Foundation

/// Forced alignment of a known word sequence to speech, with PocketSphinx (Debian's
/// `libpocketsphinx3`, 0.8+5prealpha) and its US-English model (`pocketsphinx-en-us`).
///
/// The words become a finite-state grammar that accepts exactly them in order, with optional
/// silence and fillers between them; the decoder's best path through it over the audio gives
/// each word's first and last 10 ms frame.
///
/// A decoder is not thread-safe: use one aligner on one thread at a time.
public final class WordAligner {
    /// Where Debian's `pocketsphinx-en-us` puts the US-English model.
    public static let defaultModel = "/usr/share/pocketsphinx/model/en-us"
    /// The sample rate the model's features are computed at.
    public static let sampleRate = 16_000
    /// The decoder's frame rate: frames per second.
    static let framesPerSecond = 100.0

    private let decoder: OpaquePointer
    /// Grammars made, so that each gets a name of its own.
    private var grammars = 0

    /// Loads the model in `model`: its acoustic model in `model/en-us` and its dictionary
    /// `model/cmudict-en-us.dict`, as `pocketsphinx-en-us` installs them.
    ///
    /// - Throws: ``AlignmentError/libraryMissing(name:)`` when the PocketSphinx library cannot be
    ///   opened (it is opened by the first aligner made, not linked),
    ///   ``AlignmentError/modelMissing(path:)`` when a model file is not there,
    ///   ``AlignmentError/modelUnreadable(path:)`` when PocketSphinx cannot load them.
    public init(model: String = WordAligner.defaultModel) throws(AlignmentError) {
        guard censor_pocketsphinx_load() == 1 else {
            throw .libraryMissing(name: String(cString: censor_pocketsphinx_library))
        }
        let acoustic = "\(model)/en-us", dictionary = "\(model)/cmudict-en-us.dict"
        for path in [acoustic + "/mdef", dictionary] where !FileManager.default.fileExists(atPath: path) {
            throw .modelMissing(path: path)
        }
        // PocketSphinx logs every setting and every utterance to stderr unless told otherwise.
        // Its default word-exit beam (1e-48) often prunes the one path that ends in the grammar's
        // final state at the last frame, and then there is no result at all; 1e-80 keeps it.
        // Silence is not removed: frames are counted from the first sample.
        err_set_logfp(nil)
        let arguments = [
            "-hmm", acoustic, "-dict", dictionary, "-logfn", "/dev/null", "-bestpath", "no",
            "-remove_silence", "no", "-wbeam", "1e-80",
        ]
        var pointers = arguments.map { strdup($0) }
        defer { for pointer in pointers { free(pointer) } }
        let config = pointers.withUnsafeMutableBufferPointer {
            cmd_ln_parse_r(nil, ps_args(), Int32($0.count), $0.baseAddress, 1)
        }
        guard let config, let decoder = ps_init(config) else {
            if let config { cmd_ln_free_r(config) }
            throw .modelUnreadable(path: model)
        }
        cmd_ln_free_r(config)
        self.decoder = decoder
    }

    deinit { ps_free(decoder) }

    /// Whether the model speaks the language `code` names (`en`, `en-US`, `en_us`, `eng`,
    /// `English`: its part before a `-` or `_`, in any case, is `en`, `eng` or `english`). The
    /// model is US English: other English accents align nearly as well, other languages not at all.
    public static func speaks(_ code: String) -> Bool {
        let base = code.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        return ["en", "eng", "english"].contains(base)
    }

    /// `word` as the dictionary spells it: lower case, without punctuation other than an
    /// apostrophe inside it.
    static func spelling(_ word: String) -> String {
        let kept = word.lowercased().unicodeScalars.filter { CharacterSet.letters.contains($0) || $0 == "'" }
        return String(String.UnicodeScalarView(kept)).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
    }

    /// Whether the aligner can say `word` (spelled as ``spelling(_:)`` makes it): the dictionary
    /// has it, or has it now with the pronunciation ``PronunciationGuess`` guessed for it ("yknow"
    /// as "y'know"; added the first time it is asked for, and kept for the aligner's life).
    public func knows(_ word: String) -> Bool {
        let spelled = Self.spelling(word)
        guard !spelled.isEmpty else { return false }
        if phones(of: spelled) != nil { return true }
        guard let guess = PronunciationGuess.phones(for: spelled, lookup: phones(of:)) else { return false }
        // No search is rebuilt (0): each alignment sets a grammar of its own after this.
        return ps_add_word(decoder, spelled, guess, 0) >= 0
    }

    /// The dictionary's phones for `spelled` (its first pronunciation), `nil` when it lacks it.
    func phones(of spelled: String) -> String? {
        guard let phones = ps_lookup_word(decoder, spelled) else { return nil }
        defer { free(phones) }
        return String(cString: phones)
    }

    /// The times of `words`, spoken in this order in `samples`, in seconds from the first sample;
    /// `nil` when the aligner cannot say a word (``knows(_:)``) or the decoder finds no path
    /// through them (no speech, other words).
    ///
    /// - Parameters:
    ///   - words: The words, as the transcript writes them.
    ///   - samples: Mono audio.
    ///   - sampleRate: Its frames per second; resampled to ``sampleRate`` when different.
    ///   - optionalFirst: Whether the first word may be missing from the audio (a window cut
    ///     through it): the decoder then skips it when that fits better.
    ///   - optionalLast: The same for the last word.
    /// - Returns: One `(start, end)` per word, in order; `nil` for a skipped first or last word.
    public func align(
        _ words: [String], samples: [Float], sampleRate: Int, optionalFirst: Bool = false, optionalLast: Bool = false
    ) -> [(start: Double, end: Double)?]? {
        let spelled = words.map(Self.spelling)
        guard !spelled.isEmpty, spelled.allSatisfy(knows), !samples.isEmpty,
            let audio = Self.resampled(samples, from: sampleRate),
            let search = setGrammar(
                spelled, optionalFirst: optionalFirst && spelled.count > 1,
                optionalLast: optionalLast && spelled.count > 1)
        else { return nil }
        // Each grammar's search holds about a megabyte: it is freed once its words are read, so
        // that a run's memory does not grow with the words it aligns.
        defer { ps_unset_search(decoder, search) }
        guard ps_start_utt(decoder) == 0 else { return nil }
        let processed = audio.withUnsafeBufferPointer { ps_process_raw(decoder, $0.baseAddress, $0.count, 0, 1) }
        guard ps_end_utt(decoder) == 0, processed >= 0 else { return nil }
        var found: [(word: String, start: Double, end: Double)] = []
        var segment = ps_seg_iter(decoder)
        while let current = segment {
            let word = String(cString: ps_seg_word(current))
            if !word.hasPrefix("<"), !word.hasPrefix("[") {
                var first: Int32 = 0, last: Int32 = 0
                ps_seg_frames(current, &first, &last)
                // An alternative pronunciation is written "word(2)".
                let base = word.split(separator: "(").first.map(String.init) ?? word
                found.append((base, Double(first) / Self.framesPerSecond, Double(last + 1) / Self.framesPerSecond))
            }
            segment = ps_seg_next(current)
        }
        // The decoded words are the grammar's, all of them or without a skipped end.
        let offset = optionalFirst && found.count < spelled.count && found.first?.word != spelled.first ? 1 : 0
        let missing = spelled.count - found.count
        guard !found.isEmpty, missing >= offset, missing - offset <= (optionalLast ? 1 : 0),
            zip(found, spelled[offset...]).allSatisfy({ $0.word == $1 })
        else { return nil }
        var times = [(start: Double, end: Double)?](repeating: nil, count: spelled.count)
        for (index, word) in found.enumerated() { times[offset + index] = (word.start, word.end) }
        return times
    }

    /// Makes the grammar that accepts exactly `words` in order (without the first or the last,
    /// when optional) the decoder's search; the search's name, `nil` when the decoder refused it.
    private func setGrammar(_ words: [String], optionalFirst: Bool, optionalLast: Bool) -> String? {
        grammars += 1
        let name = "align\(grammars)"
        guard let grammar = fsg_model_init(name, ps_get_logmath(decoder), 1, Int32(words.count + 1)) else { return nil }
        defer { fsg_model_free(grammar) }
        grammar.pointee.start_state = 0
        grammar.pointee.final_state = Int32(words.count)
        for (index, word) in words.enumerated() {
            let id = fsg_model_word_add(grammar, word)
            fsg_model_trans_add(grammar, Int32(index), Int32(index + 1), 0, id)
        }
        if optionalFirst { fsg_model_null_trans_add(grammar, 0, 1, 0) }
        if optionalLast { fsg_model_null_trans_add(grammar, Int32(words.count - 1), Int32(words.count), 0) }
        if optionalFirst || optionalLast { glist_free(fsg_model_null_trans_closure(grammar, nil)) }
        // The decoder keeps its own reference; silence and fillers between words are added by it
        // (-fsgusefiller), alternative pronunciations too (-fsgusealtpron).
        guard ps_set_fsg(decoder, name, grammar) == 0 else { return nil }
        guard ps_set_search(decoder, name) == 0 else {
            ps_unset_search(decoder, name)
            return nil
        }
        return name
    }

    /// `samples` at `rate` as 16-bit samples at ``sampleRate``.
    static func resampled(_ samples: [Float], from rate: Int) -> [Int16]? {
        var converted = samples
        if rate != sampleRate {
            guard
                let resampled = try? Resampler(
                    from: rate, to: sampleRate, channelCount: 1, path: "", converter: .fastest
                )
                .resampled(samples)
            else { return nil }
            converted = resampled
        }
        // Low noise (±2 of 32 767, seeded): the decoder finds no path through digital silence,
        // whose features are the logarithm of zero.
        var seed: UInt32 = 0x2545_F491
        return converted.map { sample in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            let noise = Float(Int(seed >> 29) - 4) / 2
            return Int16((max(-1, min(1, sample)) * 32_760 + noise).rounded())
        }
    }
}

extension WordAligner {
    /// The aligners loaded so far, by model folder: loading one takes a few tenths of a second
    /// (its dictionary has 134 000 words), so each is kept for the life of the process.
    nonisolated(unsafe) private static var loaded: [String: WordAligner] = [:]
    private static let lock = NSLock()

    /// Runs `body` with the process's aligner for `model`, loading it first if needed; one
    /// caller at a time (a decoder is not thread-safe).
    ///
    /// - Throws: ``AlignmentError`` when the model cannot be loaded; what `body` throws.
    static func withShared<T>(model: String, _ body: (WordAligner) throws -> T) throws -> T {
        try lock.withLock {
            if let aligner = loaded[model] { return try body(aligner) }
            let aligner = try WordAligner(model: model)
            loaded[model] = aligner
            return try body(aligner)
        }
    }
}
