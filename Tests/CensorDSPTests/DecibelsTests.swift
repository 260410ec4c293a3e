import Foundation
import Testing

@testable import CensorDSP

/// The vectorised `10·log10` band levels are computed with.
@Suite struct DecibelsTests {
    @Test("decibels(_:) is 10·log10 to within 0.0002 dB from the absolute floor to far above full scale")
    func decibelsAreExact() {
        var power: Float = 1e-9
        var worst: Double = 0
        while power < 1e6 {
            worst = max(worst, abs(Double(decibels(SIMD8(repeating: power))[3]) - 10 * log10(Double(power))))
            power *= 1.0137
        }
        #expect(worst < 0.0002, "worst error \(worst) dB")
        #expect(decibels(SIMD8(repeating: 1)) == SIMD8(repeating: 0))
    }

    /// The scalar formula the band levels were computed with before they were computed eight
    /// bands at a time: refinement's decisions rest on these exact values.
    private static func scalarDecibels(_ power: Float) -> Float {
        let bits = power.bitPattern
        let exponent = Float(Int32(bitPattern: (bits >> 23) & 0xFF) - 127)
        let mantissa = Float(bitPattern: (bits & 0x007F_FFFF) | 0x3F80_0000)
        let x = (mantissa - 1) / (mantissa + 1), x2 = x * x
        let lnMantissa = 2 * x * (1 + x2 * (1 / 3 + x2 * (1 / 5 + x2 * (1 / 7 + x2 / 9))))
        return 3.0102999566 * exponent + 4.3429448190 * lnMantissa
    }

    @Test("decibels(_:) gives each lane the scalar formula's value to the bit, whatever the other lanes hold")
    func decibelsLanesAreTheScalarFormula() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            // Powers over the range band levels take: the absolute floor to far above full scale.
            let powers = SIMD8<Float>((0..<8).map { _ in Float(pow(10, Double.random(in: -9...6, using: &generator))) })
            let levels = decibels(powers)
            for lane in 0..<8 {
                #expect(levels[lane].bitPattern == Self.scalarDecibels(powers[lane]).bitPattern, "\(powers[lane])")
            }
        }
    }
}
