#!/usr/bin/env bash
# `npm run setup` installs what the tests need: the Debian packages with apt, then the npm packages
# of each folder that has its own (docs/testing.md says how). With --check, which is the first step of
# `npm test`, it installs nothing and names each missing piece with its remedy, so a test run on an
# unprepared machine fails with instructions rather than with a browser that will not start.
set -euo pipefail
cd "$(dirname "$0")/../.."

# Each requirement reads: Debian packages | a command that succeeds when they are there | what needs
# them, for the message.
requirements=(
  "chromium-headless-shell|command -v chromium-headless-shell|the browser tests"
  "firefox-esr|command -v firefox-esr|the Firefox tests"
  "webkit2gtk-driver xvfb|command -v WebKitWebDriver && command -v Xvfb|the WebKit tests"
  "python3-gi gir1.2-webkit2-4.1|/usr/bin/python3 -c 'import gi; gi.require_version(\"WebKit2\", \"4.1\")'|the WebKit tests' window"
  "default-jre-headless|command -v java|the W3C HTML checker (vnu.jar)"
  "nginx-light|test -x \"${NGINX:-/usr/sbin/nginx}\" -o -x \"\$(type -P nginx)\"|the production server the browser tests run against"
  "poppler-utils|command -v pdftotext|the print test, which reads the printed pages"
  "openssl|command -v openssl|the throwaway certificates of the HTTPS server"
  "openssh-client|command -v ssh-keygen|the editing service's signed commits and the approvers check, which verifies them"
  "testssl.sh|command -v testssl|the TLS scan of the HTTPS server"
  "systemd|command -v systemd-analyze|the check of the release's systemd unit (systemd need not run)"
  "logrotate|command -v logrotate|the check of the release's logrotate rule"
  "certbot pebble procps|command -v certbot && command -v pebble && command -v ps|the renewal test, where certbot gets certificates from Pebble, a test ACME server"
)
# The oldest Node the project runs on: package.json's engines, the one place that says it.
node_minimum=$(sed -n 's/^ *"node": ">=\([0-9.]*\)".*/\1/p' package.json)
[ -n "$node_minimum" ] || { echo 'setup: package.json names no Node version (engines.node ">=x.y.z")' >&2; exit 2; }
node_version=$(node -p 'process.versions.node')
# problems becomes 1 as soon as anything is missing; --check exits with it.
problems=0
missing() { echo "missing: $1"; problems=1; }
if ! printf '%s\n' "$node_minimum" "$node_version" | sort -VC; then
  missing "Node $node_minimum or later (this is $node_version): nvm install, which reads .nvmrc"
fi
# Firefox ESR 140, the oldest ESR in use, unpacked beside apt's (e2e/support/browsers.ts finds it).
readonly FIREFOX_140=140.12.0esr-1~deb12u1 FIREFOX_140_DIR=.cache/browsers/firefox-esr-140
# Each with its own lockfile: the site, drivers for engines Playwright can't drive, wrangler, tools.
readonly NPM_FOLDERS=(. e2e/engines deploy/cloudflare tools)

missing_packages=()
for requirement in "${requirements[@]}"; do
  IFS='|' read -r package test purpose <<<"$requirement"
  bash -c "$test" >/dev/null 2>&1 || missing_packages+=("$package:$purpose")
done
# Firefox 140 counts as missing only while apt can still fetch that exact version: once Debian drops
# it, no remedy is left to offer, so neither --check nor setup asks for it.
firefox_140_missing() {
  [ ! -x "$FIREFOX_140_DIR/usr/lib/firefox-esr/firefox-esr" ] &&
    apt-cache show "firefox-esr=$FIREFOX_140" >/dev/null 2>&1
}
packages=("${missing_packages[@]%%:*}")
apt_command="apt-get install -y --no-install-recommends ${packages[*]-}"

if [ "${1-}" = "--check" ]; then
  for entry in "${missing_packages[@]}"; do
    missing "${entry%%:*}, for ${entry#*:}: npm run setup, or sudo $apt_command"
  done
  if firefox_140_missing; then
    missing "Firefox ESR 140, for the Firefox tests: npm run setup unpacks it into $FIREFOX_140_DIR"
  fi
  for folder in "${NPM_FOLDERS[@]}"; do
    [ -d "$folder/node_modules" ] ||
      missing "the npm packages of $folder: npm run setup, or npm install --prefix $folder"
  done
  exit "$problems"
fi
# Setup runs npm with this Node, so it stops here when the Node is too old.
((problems == 0)) || exit 1

# The steps below fetch from different servers and write to different folders, so they run side by
# side: on a fresh machine apt's install takes the longest, and the npm packages and Firefox ESR 140
# arrive while it runs. Each step's output is kept in a log of its own and shown when it ends, so
# that the lines of two steps never interleave.
step_names=() step_pids=() step_logs=()
start_step() {
  local name=$1 log
  shift
  log=$(mktemp)
  "$@" >"$log" 2>&1 &
  step_names+=("$name") step_pids+=($!) step_logs+=("$log")
}
# Waits for every step, shows each one's output, and fails when any step failed, naming each.
finish_steps() {
  local index failed=0
  for index in "${!step_pids[@]}"; do
    if wait "${step_pids[$index]}"; then
      cat "${step_logs[$index]}"
    else
      cat "${step_logs[$index]}" >&2
      echo "setup: ${step_names[$index]} failed (its output is above)" >&2
      failed=1
    fi
    rm -f "${step_logs[$index]}"
  done
  return "$failed"
}

if ((${#packages[@]} > 0)); then
  command -v apt-get >/dev/null 2>&1 ||
    { echo "setup: no apt-get here; install these yourself: ${missing_packages[*]}" >&2; exit 1; }
  sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    sudo -n true 2>/dev/null ||
      { echo "setup: installing system packages needs root; run: sudo apt-get update && sudo $apt_command" >&2; exit 1; }
    sudo=(sudo)
  fi
  echo "setup: installing ${packages[*]}"
  export DEBIAN_FRONTEND=noninteractive
  # Before the other steps: it reads the package lists that Firefox ESR 140's download needs too.
  "${sudo[@]}" apt-get update -qq
  # shellcheck disable=SC2086 # the command is a list of words
  start_step "apt-get install" "${sudo[@]}" $apt_command -qq
fi

# Fetched with apt-get download, which takes none of the locks that apt-get install holds.
unpack_firefox_140() {
  local download
  download=$(mktemp -d)
  chmod 755 "$download" # apt downloads as its own user, _apt
  (cd "$download" && apt-get download -qq "firefox-esr=$FIREFOX_140")
  mkdir -p "$FIREFOX_140_DIR"
  dpkg-deb -x "$download"/firefox-esr_*.deb "$FIREFOX_140_DIR"
  rm -rf "$download"
}
if firefox_140_missing; then
  echo "setup: unpacking Firefox ESR $FIREFOX_140 into $FIREFOX_140_DIR"
  start_step "Firefox ESR 140's download" unpack_firefox_140
fi

# The lockfiles are written on Linux, where the registry here lacks other platforms' compiler
# builds; npm ci can refuse one for that, and npm install then resolves the same versions. Where a
# folder has its packages already (the README's first command installs the site's), npm install
# only checks them against the lockfile, in a second or two, where npm ci would delete and fetch
# them all again (19 s for the site's). npm's cache is safe for several installs at once.
install_npm_packages() {
  local folder=$1
  if [ -d "$folder/node_modules" ]; then
    npm install --prefix "$folder" --no-audit --no-fund --loglevel=error
  else
    npm ci --prefix "$folder" --no-audit --no-fund --loglevel=error 2>/dev/null ||
      npm install --prefix "$folder" --no-audit --no-fund
  fi
}
for folder in "${NPM_FOLDERS[@]}"; do
  echo "setup: installing the npm packages of $folder"
  start_step "the npm packages of $folder" install_npm_packages "$folder"
done

finish_steps
echo "setup: ready; npm test runs every check"
