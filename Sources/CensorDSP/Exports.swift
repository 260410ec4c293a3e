// CensorDSP depends on no other target of the library (README, "Inside the library"): it
// censors frames, knowing nothing of transcripts or matches.
