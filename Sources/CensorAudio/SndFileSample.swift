import CSndFile

/// A sample type libsndfile reads and writes directly.
package protocol SndFileSample {
    /// Reads up to `frames` frames; returns how many were read.
    static func read(_ file: OpaquePointer, _ buffer: UnsafeMutablePointer<Self>, _ frames: Int) -> Int
    /// Writes `frames` frames; returns how many were written.
    static func write(_ file: OpaquePointer, _ buffer: UnsafePointer<Self>, _ frames: Int) -> Int
}

extension Int16: SndFileSample {
    package static func read(_ file: OpaquePointer, _ buffer: UnsafeMutablePointer<Int16>, _ frames: Int) -> Int {
        Int(sf_readf_short(file, buffer, sf_count_t(frames)))
    }

    package static func write(_ file: OpaquePointer, _ buffer: UnsafePointer<Int16>, _ frames: Int) -> Int {
        Int(sf_writef_short(file, buffer, sf_count_t(frames)))
    }
}

extension Int32: SndFileSample {
    package static func read(_ file: OpaquePointer, _ buffer: UnsafeMutablePointer<Int32>, _ frames: Int) -> Int {
        Int(sf_readf_int(file, buffer, sf_count_t(frames)))
    }

    package static func write(_ file: OpaquePointer, _ buffer: UnsafePointer<Int32>, _ frames: Int) -> Int {
        Int(sf_writef_int(file, buffer, sf_count_t(frames)))
    }
}

extension Float: SndFileSample {
    package static func read(_ file: OpaquePointer, _ buffer: UnsafeMutablePointer<Float>, _ frames: Int) -> Int {
        Int(sf_readf_float(file, buffer, sf_count_t(frames)))
    }

    package static func write(_ file: OpaquePointer, _ buffer: UnsafePointer<Float>, _ frames: Int) -> Int {
        Int(sf_writef_float(file, buffer, sf_count_t(frames)))
    }
}

extension Double: SndFileSample {
    package static func read(_ file: OpaquePointer, _ buffer: UnsafeMutablePointer<Double>, _ frames: Int) -> Int {
        Int(sf_readf_double(file, buffer, sf_count_t(frames)))
    }

    package static func write(_ file: OpaquePointer, _ buffer: UnsafePointer<Double>, _ frames: Int) -> Int {
        Int(sf_writef_double(file, buffer, sf_count_t(frames)))
    }
}
