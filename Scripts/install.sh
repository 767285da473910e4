#!/usr/bin/env bash
# Installs places for use from any folder: `places` and `places-server` (which `places serve` runs)
# in PREFIX/bin, the bundled recordings in PREFIX/share/places/cassettes, where both look, the
# shell completions (bash-completion, zsh site-functions, fish vendor completions) and the manual
# pages (PREFIX/share/man/man1), both written from the installed binary so they never go stale.
#
#   Scripts/install.sh                      # release build, static Swift runtime, into ~/.local
#   Scripts/install.sh --prefix /usr/local  # elsewhere (may need sudo)
#   Scripts/install.sh --binary PATH        # install a places built already (no build), and the
#                                           # places-server beside it when there is one
#
# The static Swift standard library makes the binary independent of the toolchain and starts it
# faster; Foundation's networking then needs libcurl named explicitly (-lcurl).
#
# The manual pages come from swift-argument-parser's generate-manual, the tool behind its
# GenerateManual plugin (the plugin itself would build every product again, in release, to find
# `places`): it is built once, offline, from the checkout SwiftPM resolved (.build/checkouts), into
# .build/generate-manual; GENERATE_MANUAL=PATH names a generate-manual built already.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="${PREFIX:-$HOME/.local}"
binary=""
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) prefix="$2"; shift 2 ;;
        --binary) binary="$2"; shift 2 ;;
        -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
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

# Shell completions, as `places completion SHELL` prints them.
bash_dir="$prefix/share/bash-completion/completions"
zsh_dir="$prefix/share/zsh/site-functions"
fish_dir="$prefix/share/fish/vendor_completions.d"
install -d "$bash_dir" "$zsh_dir" "$fish_dir"
"$prefix/bin/places" completion bash > "$bash_dir/places"
"$prefix/bin/places" completion zsh > "$zsh_dir/_places"
"$prefix/bin/places" completion fish > "$fish_dir/places.fish"
echo "installed completions for bash, zsh and fish under $prefix/share"

# Manual pages: places(1) and one page per subcommand (places-coffee(1), …).
manual_tool="${GENERATE_MANUAL:-}"
if [ -z "$manual_tool" ]; then
    parser=.build/checkouts/swift-argument-parser
    manual_tool=.build/generate-manual/release/generate-manual
    if [ ! -x "$manual_tool" ] && [ -d "$parser" ]; then
        swift build -c release --package-path "$parser" --scratch-path .build/generate-manual --product generate-manual >&2
    fi
fi
if [ -x "$manual_tool" ]; then
    pages="$(mktemp -d)"
    trap 'rm -rf "$pages"' EXIT
    "$manual_tool" "$prefix/bin/places" --multi-page --output-directory "$pages"
    install -d "$prefix/share/man/man1"
    rm -f "$prefix/share/man/man1"/places.*1 "$prefix/share/man/man1"/places-*.1
    install -m 644 "$pages"/*.1 "$prefix/share/man/man1/"
    echo "installed $(ls "$pages" | wc -l) manual pages in $prefix/share/man/man1 ('man places')"
else
    echo "install.sh: no manual pages: swift-argument-parser's checkout is not in .build/checkouts (run 'swift build' once) and GENERATE_MANUAL names no tool" >&2
fi
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "add $prefix/bin to PATH to run 'places' from anywhere" ;; esac
