# Sourced by the benchmark scripts: `need COMMAND DEBIAN-PACKAGE` installs what is missing.
need() {
    command -v "$1" >/dev/null && return
    echo "installing $2 (Debian package)…" >&2
    apt-get install -y "$2" >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y "$2" >/dev/null; }
}

# Runs a command whose output is noise when it works, and shows why when it fails: its last lines
# and status on stderr, then the script stops with that status (a benchmark must not end silently).
quietly() {
    local log status
    log=$(mktemp)
    "$@" >"$log" 2>&1 || {
        status=$?
        echo "$(basename "$0"): failed with status $status: $*" >&2
        tail -n 20 "$log" >&2
        rm -f "$log"
        exit "$status"
    }
    rm -f "$log"
}
