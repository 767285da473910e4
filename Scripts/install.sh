#!/usr/bin/env bash
# Installs places for use from any folder: the binary in PREFIX/bin and the bundled recordings in
# PREFIX/share/places/cassettes, where an installed `places` looks for them.
#
#   Scripts/install.sh                      # release build, static Swift runtime, into ~/.local
#   Scripts/install.sh --prefix /usr/local  # elsewhere (may need sudo)
#   Scripts/install.sh --binary PATH        # install a binary built already (no build)
#
# The static Swift standard library makes the binary independent of the toolchain and starts it
# faster; Foundation's networking then needs libcurl named explicitly (-lcurl).
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="${PREFIX:-$HOME/.local}"
binary=""
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) prefix="$2"; shift 2 ;;
        --binary) binary="$2"; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install.sh: unknown option '$1' (see --help)" >&2; exit 64 ;;
    esac
done

if [ -z "$binary" ]; then
    swift build -c release --product places --static-swift-stdlib -Xlinker -lcurl
    binary="$(swift build -c release --static-swift-stdlib --show-bin-path)/places"
fi
[ -x "$binary" ] || { echo "install.sh: $binary is not an executable" >&2; exit 66; }

install -d "$prefix/bin" "$prefix/share/places"
install -m 755 "$binary" "$prefix/bin/places"
rm -rf "$prefix/share/places/cassettes"
cp -R cassettes "$prefix/share/places/cassettes"
echo "installed $prefix/bin/places and its recordings in $prefix/share/places/cassettes"
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "add $prefix/bin to PATH to run 'places' from anywhere" ;; esac
