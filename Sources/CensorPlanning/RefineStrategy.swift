/// How far edge refinement trusts the transcript's neighbouring words against the audio.
///
/// Both strategies move an edge only where the audio says the word goes on past it, and only
/// to the nearest plausible boundary (where the sound fades into the floor, or its first clear
/// dip); both first re-place the words around a match by the offset at which the transcript's
/// words and pauses best fit the audio's sound and silence, when that fit is clearly better.
/// They differ in how far an edge may run into a neighbouring word that the transcript places
/// there (when the planner has the transcript's words, ``Planner/transcriptWords``).
public enum RefineStrategy: String, Sendable, Hashable, CaseIterable {
    /// An edge stops a few milliseconds into the transcript's neighbour: with good times
    /// (a forced aligner, WhisperX) the neighbours stay untouched.
    case conservative
    /// An edge may run up to the middle of the transcript's neighbour, and a word the aligner
    /// places (``WordAlignment``) is censored over the transcript's times as well as the
    /// aligner's: with poor times more of the word is caught, at the price of more of its
    /// neighbours.
    case aggressive
}
