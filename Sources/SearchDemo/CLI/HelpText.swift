extension CommandLineOptions {
    /// The `--help` text: every option, the query syntax, the environment variable, the keys (written from
    /// ``SearchKeyMap/bindings``) and the exit statuses.
    static var helpText: String {
        let options = """
            search-demo \(AppVersion.current): incremental GitHub repository search in the terminal

            Usage:
              search-demo [--offline] [--debounce MS] [--api-url URL]
              search-demo --query Q [--offline] [--limit N] [--sort S [--order O]] [--json] [--verbose]
                          [--api-url URL]

            Options:
              --offline        Search the bundled catalog of public repositories (no network).
              --query Q        Search once for Q without the terminal UI; print one repository per line as
                               full_name<TAB>stars<TAB>language<TAB>description.
              --limit N        With --query: print at most N results, loading pages as needed (default 30;
                               the search API stops at 1,000).
              --sort S         With --query: order by best-match (the default), stars or updated.
              --order O        With --query and --sort stars|updated: desc (the default) or asc.
              --json           With --query: print a JSON array of objects with full_name, html_url,
                               description, language and stargazers_count; a failure prints
                               {"error": {"message": …, "detail": …}} instead.
              --verbose        With --query: follow a failure's message with the system's detail.
              --debounce MS    Terminal UI: wait MS milliseconds after the last keystroke (default 300).
              --api-url URL    Base URL of the GitHub REST API (default https://api.github.com).
              --version        Print the version and exit.
              -h, --help       Print this help and exit.

            Query syntax (GitHub's; the offline catalog understands all of this, the live API more):
              swift ui             every word, in the name, full name or description (any case)
              "swift ui"           the phrase as a whole
              swift NOT ios        without the word (or "phrase") after NOT
              language:swift       the primary language (language:"vim script" or language:vim-script)
              user:apple           owned by apple (org:apple too; several give any of them)
              stars:>100           also >=100, <100, <=100, 100, 10..500, *..500, 10..*
              pushed:>2024-01-01   last pushed (offline: updated) after the day; the same forms as stars
              in:name              look for the words only in the name (or in:description, in:name,description)
              Example: network language:swift stars:>=1000 NOT ios
              A malformed qualifier (stars:>>1) is reported, naming it (exit status 2 with --query).

            Environment:
              GITHUB_TOKEN     Sent as a bearer token (raises the search rate limit), only to the --api-url
                               origin and only over https (plain http only to this machine).

            """
        let footer = """

            Exit status: 0 on success, 1 when the search fails (or the terminal goes away), 2 on a usage error
            (including no terminal for the UI).
            """
        return options + "\n" + SearchKeyMap.helpLines.joined(separator: "\n") + "\n" + footer
    }
}
