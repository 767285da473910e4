# Sourced by the benchmark scripts: `need COMMAND DEBIAN-PACKAGE` installs what is missing.
need() {
    command -v "$1" >/dev/null && return
    echo "installing $2 (Debian package)…" >&2
    apt-get install -y "$2" >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y "$2" >/dev/null; }
}
