// The library's lower targets (README, "Library"): `import CensorKit` brings in their public API.
@_exported import CensorAudio
@_exported import CensorDSP
@_exported import CensorMatching
@_exported import CensorTranscript
@_exported import CensorText
