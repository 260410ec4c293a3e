/// SMPTE timecode: frames counted from midnight in hours, minutes, seconds and frames.
///
/// Non-drop-frame (`01:00:00:00`): each label second holds ``FrameRate/timecodeBase`` frames.
/// Drop-frame (`01:00:00;00`, 29.97 and 59.94 fps only): the labels skip two frame numbers
/// (four at 59.94) each minute but every tenth, so that they keep to the clock.
public enum Timecode {
    /// The frame count `text` names at `rate`, or `nil` when it is no timecode.
    ///
    /// ```swift
    /// Timecode.frames("01:00:00:00", rate: .audioDefault)   // 90000
    /// ```
    public static func frames(_ text: String, rate: FrameRate) -> Int? {
        let dropFrame = text.contains(";")
        let fields = text.split(whereSeparator: { $0 == ":" || $0 == ";" || $0 == "." })
        guard fields.count == 4 else { return nil }
        let values = fields.compactMap { Int($0) }
        guard values.count == 4, values.allSatisfy({ $0 >= 0 }) else { return nil }
        let (hours, minutes, seconds, frames) = (values[0], values[1], values[2], values[3])
        let base = rate.timecodeBase
        guard minutes < 60, seconds < 60, frames < base else { return nil }
        var count = ((hours * 60 + minutes) * 60 + seconds) * base + frames
        if dropFrame {
            let dropped = base / 15
            let totalMinutes = hours * 60 + minutes
            count -= dropped * (totalMinutes - totalMinutes / 10)
        }
        return count
    }

    /// Whether `rate` has a drop-frame timecode: 30000/1001 and 60000/1001.
    public static func dropsFrames(at rate: FrameRate) -> Bool {
        rate.denominator == 1001 && (rate.numerator == 30000 || rate.numerator == 60000)
    }

    /// `frames` as a label at `rate`: `HH:MM:SS:FF`, or `HH:MM:SS;FF` when `dropFrame` and the
    /// rate has drop-frame timecode (``dropsFrames(at:)``); hours wrap at 24.
    public static func label(_ frames: Int, rate: FrameRate, dropFrame: Bool = false) -> String {
        let base = rate.timecodeBase
        var number = frames
        let drops = dropFrame && dropsFrames(at: rate)
        if drops {
            let dropped = base / 15, perMinute = base * 60 - dropped, perTenMinutes = base * 600 - dropped * 9
            let tens = number / perTenMinutes, rest = number % perTenMinutes
            number += dropped * 9 * tens + (rest > dropped ? dropped * ((rest - dropped) / perMinute) : 0)
        }
        let frame = number % base, totalSeconds = number / base
        let hours = (totalSeconds / 3600) % 24, minutes = (totalSeconds / 60) % 60, seconds = totalSeconds % 60
        let fields = [hours, minutes, seconds, frame].map { $0 < 10 ? "0\($0)" : "\($0)" }
        return fields[0...2].joined(separator: ":") + (drops ? ";" : ":") + fields[3]
    }
}
