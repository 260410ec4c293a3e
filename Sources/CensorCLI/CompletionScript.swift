/// Shell completion scripts for `censor`, generated from the option definitions.
struct CompletionScript {
    let shell: Command.Shell

    var text: String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    private var bash: String {
        let names = Option.all.flatMap { [$0.short, $0.name].compactMap { $0 } }.joined(separator: " ")
        var cases: [String] = []
        for option in Option.all {
            let pattern = [option.short, option.name].compactMap { $0 }.joined(separator: "|")
            switch option.completion {
            case .none where option.value != nil: cases.append("        \(pattern)) return ;;")
            case .none: continue
            case .file: cases.append("        \(pattern)) COMPREPLY=($(compgen -f -- \"$cur\")) ; return ;;")
            case .directory: cases.append("        \(pattern)) COMPREPLY=($(compgen -d -- \"$cur\")) ; return ;;")
            case let .words(words):
                cases.append(
                    "        \(pattern)) COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")) ; return ;;"
                )
            }
        }
        return """
            # bash completion for censor. Install: censor --completion bash > /etc/bash_completion.d/censor
            _censor() {
                local cur prev
                cur="${COMP_WORDS[COMP_CWORD]}"
                prev="${COMP_WORDS[COMP_CWORD-1]}"
                case "$prev" in
            \(cases.joined(separator: "\n"))
                esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "\(names)" -- "$cur"))
                else
                    COMPREPLY=($(compgen -f -- "$cur"))
                fi
            }
            complete -o filenames -F _censor censor

            """
    }

    private var zsh: String {
        let specs = Option.all.map { option -> String in
            let help = option.help.prefix { $0 != "." && $0 != ":" }
                .replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "[", with: "\\[")
                .replacingOccurrences(of: "]", with: "\\]")
            let action: String
            switch option.completion {
            case .none: action = option.value.map { ":\($0):" } ?? ""
            case .file: action = ":\(option.value ?? "file"):_files"
            case .directory: action = ":\(option.value ?? "dir"):_files -/"
            case let .words(words): action = ":\(option.value ?? "value"):(\(words.joined(separator: " ")))"
            }
            let repeatable = option.name == Option.words.name || option.name == Option.word.name ? "*" : ""
            let names = option.short.map { "{\($0),\(option.name)}" } ?? option.name
            return "    '\(repeatable)\(names)[\(help)]\(action)' \\"
        }
        return """
            #compdef censor
            # zsh completion for censor. Install: censor --completion zsh > "${fpath[1]}/_censor"
            _arguments -s \\
            \(specs.joined(separator: "\n"))
                '*:audio file:_files'

            """
    }

    private var fish: String {
        var lines = [
            "# fish completion for censor. Install: censor --completion fish > ~/.config/fish/completions/censor.fish",
            "complete -c censor -f -a '(__fish_complete_path)' -d 'audio file'",
        ]
        for option in Option.all {
            var line = "complete -c censor -l \(option.name.dropFirst(2))"
            if let short = option.short { line += " -s \(short.dropFirst())" }
            let help = option.help.prefix { $0 != "." && $0 != ":" }.replacingOccurrences(of: "'", with: "\\'")
            switch option.completion {
            case .none where option.value != nil: line += " -x"
            case .none: break
            case .file: line += " -r -F"
            case .directory: line += " -x -a '(__fish_complete_directories)'"
            case let .words(words): line += " -x -a '\(words.joined(separator: " "))'"
            }
            lines.append(line + " -d '\(help)'")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
