/// How a beep fades in against the audio it replaces, and out again.
public enum BeepFade: Sendable, Hashable {
    /// Gains cos θ and sin θ, θ rising along a raised cosine: the level stays steady.
    case equalPower
    /// Gains 1 − w and w, w a raised cosine: for loud audio, where equal power would pass full
    /// scale.
    case complementary
}
