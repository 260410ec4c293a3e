// The library's lower targets (README, "Inside the library"): `import CensorKit` brings in their public API.
@_exported import CensorAudio
@_exported import CensorDSP
@_exported import CensorMatching
@_exported import CensorPlanning
@_exported import CensorText
@_exported import CensorTranscript
