#!/usr/bin/env bash
# Installs places for use from any folder: `places` and `places-server` (which `places serve` runs)
# in PREFIX/bin, and the bundled recordings in PREFIX/share/places/cassettes, where both look.
#
#   Scripts/install.sh                      # release build, static Swift runtime, into ~/.local
#   Scripts/install.sh --prefix /usr/local  # elsewhere (may need sudo)
#   Scripts/install.sh --binary PATH        # install a places built already (no build), and the
#                                           # places-server beside it when there is one
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
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install.sh: unknown option '$1' (see --help)" >&2; exit 64 ;;
    esac
done

if [ -z "$binary" ]; then
    swift build -c release --product places --static-swift-stdlib -Xlinker -lcurl
    swift build -c release --product places-server --static-swift-stdlib -Xlinker -lcurl
    binary="$(swift build -c release --static-swift-stdlib --show-bin-path)/places"
fi
[ -x "$binary" ] || { echo "install.sh: $binary is not an executable" >&2; exit 66; }
server="$(dirname "$binary")/places-server"

install -d "$prefix/bin" "$prefix/share/places"
install -m 755 "$binary" "$prefix/bin/places"
if [ -x "$server" ]; then
    install -m 755 "$server" "$prefix/bin/places-server"
    echo "installed $prefix/bin/places-server ('places serve')"
else
    echo "install.sh: no places-server beside $binary; 'places serve' will say so" >&2
fi
rm -rf "$prefix/share/places/cassettes"
cp -R cassettes "$prefix/share/places/cassettes"
echo "installed $prefix/bin/places and its recordings in $prefix/share/places/cassettes"
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "add $prefix/bin to PATH to run 'places' from anywhere" ;; esac
