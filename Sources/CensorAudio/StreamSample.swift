/// A sample type a stream's look-ahead and planning's stored samples hold, with the `Float`
/// libsndfile's float read gives for it.
package protocol StreamSample: SndFileSample {
    /// Silence.
    static var zero: Self { get }
    /// The sample with full scale at ±1, exactly as `sf_readf_float` reads the same audio.
    static func normalized(_ sample: Self) -> Float
}

extension Int16: StreamSample {
    package static func normalized(_ sample: Int16) -> Float { Float(sample) * (1.0 / 32_768.0) }
}

extension Int32: StreamSample {
    package static func normalized(_ sample: Int32) -> Float { Float(sample) * (1.0 / 2_147_483_648.0) }
}

extension Float: StreamSample {
    package static func normalized(_ sample: Float) -> Float { sample }
}
