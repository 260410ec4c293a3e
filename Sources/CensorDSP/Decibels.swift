/// `10·log10(power)` for each lane's positive, finite `power`, to within 0.0002 dB: the
/// exponent from the float's bits and a polynomial for the mantissa's logarithm. Each lane is
/// computed on its own (no lane's value depends on another's), eight at a time.
@inlinable @inline(__always)
package func decibels(_ power: SIMD8<Float>) -> SIMD8<Float> {
    let bits = unsafeBitCast(power, to: SIMD8<UInt32>.self)
    let exponent = SIMD8<Float>(SIMD8<Int32>(truncatingIfNeeded: (bits &>> 23) & 0xFF) &- 127)
    // The mantissa m in [1, 2), as x = (m − 1) / (m + 1) in [0, 1/3]: ln m = 2·atanh x.
    let mantissa = unsafeBitCast((bits & 0x007F_FFFF) | 0x3F80_0000, to: SIMD8<Float>.self)
    let x = (mantissa - 1) / (mantissa + 1), x2 = x * x
    let third: Float = 1 / 3, fifth: Float = 1 / 5, seventh: Float = 1 / 7
    // 2·x·(1 + x²·(1/3 + x²·(1/5 + x²·(1/7 + x²/9)))), evaluated as written.
    var series: SIMD8<Float> = seventh + x2 / 9
    series = fifth + x2 * series
    series = third + x2 * series
    series = 1 + x2 * series
    let lnMantissa = 2 * x * series
    // 10·log10(2) and 10·log10(e).
    let log2: Float = 3.0102999566, logE: Float = 4.3429448190
    return log2 * exponent + logE * lnMantissa
}
