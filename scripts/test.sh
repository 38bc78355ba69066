#!/usr/bin/env bash
# Everything a change can break: types, lint, unit and integration tests.
set -euo pipefail
cd "$(dirname "$0")/.."

echo '== type check (tsc -b)'
npx tsc -b

echo '== lint (eslint)'
npx eslint .

echo '== unit and integration tests (vitest)'
npx vitest run

# Browser journeys (Playwright driving headless Chromium against the real server, e2e/) are added
# here once the web app exists, e.g.: npm run test -w e2e
