// The targets below this one, visible in every file here and to whoever imports this target.
@_exported import CensorAudio
@_exported import CensorDSP
@_exported import CensorMatching
