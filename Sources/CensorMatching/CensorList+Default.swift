extension CensorList {
    /// The built-in English list, used when no `--words` or `--word` is given (`--also-default`
    /// adds it to them).
    ///
    /// It holds the words that broadcast standards usually keep off the air — the strong
    /// profanities and the common slurs — as anchored globs, so that their inflections and
    /// compounds match while innocent neighbours do not ("Scunthorpe", "cocktail", "shell",
    /// "assess", "Dickens" and "pussycat" are untouched). Mild words such as "damn", "hell" and
    /// "god" are not in it: add them with `--word`.
    ///
    /// ```
    /// *fuck*        fuck, fucking, motherfucker, clusterfuck
    /// *shit*        shit, shitty, bullshit, horseshit
    /// !mishit*      an exception: the golf and cricket "mishit" stays
    /// cunt*         cocksuck*
    /// asshole*      arsehole*      bastard   bastards
    /// bitch*        son of a bitch (the whole phrase)
    /// dickhead*     twat*          wanker*   wank   wanking
    /// piss   pissed   pissing   pisses   bollocks
    /// goddamn*      goddam
    /// slut*         whore*
    /// nigger*       nigga*         faggot*   fag   fags
    /// ```
    public static let defaultEnglish = CensorList(entries: defaultEnglishEntries)

    /// The entries of `defaultEnglish`, as listed in its documentation.
    internal static let defaultEnglishEntries = [
        "*fuck*", "*shit*", "!mishit*",
        "cunt*", "cocksuck*",
        "asshole*", "arsehole*", "bastard", "bastards",
        "bitch*", "son of a bitch",
        "dickhead*", "twat*", "wanker*", "wank", "wanking",
        "piss", "pissed", "pissing", "pisses", "bollocks",
        "goddamn*", "goddam",
        "slut*", "whore*",
        "nigger*", "nigga*", "faggot*", "fag", "fags",
    ]
}
