#!/usr/bin/env bash
# `npm run setup`: installs what the tests need from the machine, on Debian or Ubuntu, with apt (as
# root, or through sudo), then the npm packages. Where it cannot install, it prints the command to
# run. With --check (the first step of `npm test`) it installs nothing and names each missing
# piece, and how to get it, on a line of its own.
set -euo pipefail
cd "$(dirname "$0")/../.."

# Each requirement: Debian package | commands, any of which shows it is there | what needs it.
requirements=(
  "chromium|chromium|the browser tests"
  "default-jre-headless|java|the W3C HTML checker (vnu.jar)"
  "nginx-light|nginx /usr/sbin/nginx|the production server the browser tests run against"
)
readonly NODE_MAJOR=22 NODE_MINOR=12

found() {
  local candidate
  for candidate in "$@"; do
    command -v "$candidate" >/dev/null 2>&1 && return 0
  done
  return 1
}

missing_packages=()
for requirement in "${requirements[@]}"; do
  IFS='|' read -r package commands purpose <<<"$requirement"
  # shellcheck disable=SC2086 # the commands are a list
  found $commands || missing_packages+=("$package:$purpose")
done
packages=("${missing_packages[@]%%:*}")
apt_command="apt-get install -y --no-install-recommends ${packages[*]-}"

node_version=$(node -p 'process.versions.node')
IFS=. read -r node_major node_minor _ <<<"$node_version"
old_node=$((node_major < NODE_MAJOR || (node_major == NODE_MAJOR && node_minor < NODE_MINOR)))

if [ "${1-}" = "--check" ]; then
  problems=0
  if ((old_node)); then
    echo "missing: Node $NODE_MAJOR.$NODE_MINOR or later (this is $node_version): nvm install, which reads .nvmrc"
    problems=1
  fi
  for entry in "${missing_packages[@]}"; do
    echo "missing: ${entry%%:*}, for ${entry#*:}: npm run setup, or sudo $apt_command"
    problems=1
  done
  if [ ! -d node_modules/.bin ]; then
    echo "missing: the npm packages: npm run setup, or npm install"
    problems=1
  fi
  exit "$problems"
fi

if ((old_node)); then
  echo "setup: Node $NODE_MAJOR.$NODE_MINOR or later is needed (this is $node_version): run nvm install (it reads .nvmrc), then npm run setup again" >&2
  exit 1
fi

if ((${#packages[@]} > 0)); then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "setup: no apt-get here; install these yourself: ${missing_packages[*]}" >&2
    exit 1
  fi
  if [ "$(id -u)" -eq 0 ]; then
    sudo=()
  elif sudo -n true 2>/dev/null; then
    sudo=(sudo)
  else
    echo "setup: installing system packages needs root; run: sudo apt-get update && sudo $apt_command" >&2
    exit 1
  fi
  echo "setup: installing ${packages[*]}"
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  # shellcheck disable=SC2086 # the command is a list of words
  "${sudo[@]}" $apt_command -qq
fi

# The lockfile is written on Linux, where the registry here lacks other platforms' compiler builds;
# npm ci can refuse it for that, and npm install then resolves the same versions.
npm ci --no-audit --no-fund --loglevel=error 2>/dev/null || npm install --no-audit --no-fund
echo "setup: ready; npm test runs every check"
