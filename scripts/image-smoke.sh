#!/usr/bin/env bash
# The Docker image's steps without Docker (CI cannot build images): copies what the build stage copies, runs
# `npm run build`, assembles what the runtime stage holds (package.json, node_modules, dist/, locale/, bin/; no src/), then
# checks that `parla --help` runs from dist/ and that `parla serve` answers /readyz with 200 within 20 s (a quiet machine answers in 1–2 s; a busy 2-core one took 9.8 s).
# Expects the dependencies to be installed already (CI's `npm install`); leaves the work tree untouched.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WORK=$(mktemp -d "${TMPDIR:-/tmp}/parla-image-smoke.XXXXXX")
SERVER=
cleanup() {
  if [ -n "$SERVER" ] && kill -0 "$SERVER" 2>/dev/null; then
    kill "$SERVER" 2>/dev/null || true
    wait "$SERVER" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

say() { printf 'image-smoke: %s\n' "$*"; }

# Build stage: the same files as the Dockerfile's COPY lines, the installed dependencies, `npm run build`.
mkdir -p "$WORK/build/scripts" "$WORK/app" "$WORK/data"
cp package.json package-lock.json tsconfig.json tsconfig.build.json "$WORK/build/"
cp scripts/copy-assets.mjs "$WORK/build/scripts/"
cp -R src "$WORK/build/src"
ln -s "$ROOT/node_modules" "$WORK/build/node_modules"
say "npm run build"
(cd "$WORK/build" && npm run --silent build)

# Runtime stage: no sources, so bin/parla.mjs can only run the build.
cp "$WORK/build/package.json" "$WORK/app/"
cp -R "$WORK/build/dist" "$WORK/app/dist"
cp -R locale "$WORK/app/locale"
cp -R bin "$WORK/app/bin"
ln -s "$ROOT/node_modules" "$WORK/app/node_modules"
cd "$WORK/app"

say "parla --help"
node bin/parla.mjs --help | grep -q '^Usage: parla' || { say "parla --help printed no usage"; exit 1; }

PORT=$(node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")
say "parla serve on port $PORT"
env -i PATH="$PATH" HOME="${HOME:-$WORK}" NODE_ENV=production PARLA_DATA_DIR="$WORK/data" PARLA_HOST=127.0.0.1 PARLA_PORT="$PORT" \
  PARLA_SECRET_KEY="image-smoke-$RANDOM-$RANDOM-$RANDOM-$RANDOM" PARLA_LOG_LEVEL=warn \
  node bin/parla.mjs serve &
SERVER=$!
started=$(date +%s%N)
status=0
while [ $(( ($(date +%s%N) - started) / 1000000 )) -lt 20000 ]; do
  status=$(node -e "fetch('http://127.0.0.1:$PORT/readyz').then((r) => console.log(r.status), () => console.log(0))")
  if [ "$status" = 200 ]; then
    say "/readyz answered 200 after $(( ($(date +%s%N) - started) / 1000000 )) ms"
    # The runtime stage ships the UI's catalogs: a German browser gets the sign-in page in German.
    lang=$(node -e "fetch('http://127.0.0.1:$PORT/accounts/login/', { headers: { 'Accept-Language': 'de' } }).then((r) => console.log(r.headers.get('content-language')), () => console.log('none'))")
    [ "$lang" = de ] || { say "the sign-in page for Accept-Language: de came in '$lang'"; exit 1; }
    say "the sign-in page speaks German to a German browser"
    exit 0
  fi
  kill -0 "$SERVER" 2>/dev/null || { say "parla serve exited"; exit 1; }
  sleep 0.1
done
say "/readyz did not answer 200 within 20 s (last status $status)"
exit 1
