#!/usr/bin/env bash
# Everything a change can break: types, lint, unit, web component and integration tests, and the
# browser journeys against the real built server.
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS=0
echo '== type check (tsc -b)'
npx tsc -b
# The benchmarks are not part of the build: their types are checked here so that they keep up with it.
npx tsc -p bench --noEmit

echo '== lint (eslint)'
npx eslint .

echo '== build the web app (served by the server, driven by the journeys)'
npm run build -w web
echo "   type check, lint and build took ${SECONDS} s"

# Real peers of the connection, health-check and failover tests, each started by its test on a loopback port.
PEERS=(mariadb-server redis-server slapd openssh-server samba smbclient prometheus dnsmasq-base iputils-ping prometheus-alertmanager kubernetes-client openssl patroni etcd-server haproxy postgresql-15)
PEER_PROGRAMS=(/usr/sbin/mariadbd /usr/bin/redis-server /usr/sbin/slapd /usr/sbin/sshd /usr/sbin/smbd /usr/bin/smbclient /usr/bin/prometheus /usr/sbin/dnsmasq /usr/bin/ping /usr/bin/prometheus-alertmanager /usr/bin/kubectl /usr/bin/openssl /usr/bin/patroni /usr/bin/etcd /usr/sbin/haproxy /usr/lib/postgresql/15/bin/postgres)
missing=()
for index in "${!PEERS[@]}"; do
  [ -x "${PEER_PROGRAMS[$index]}" ] || missing+=("${PEERS[$index]}")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "Installing the peers of the connection tests: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y --no-install-recommends "${missing[@]}"
fi

if [ ! -x /usr/bin/chromium ] && [ -z "${CHROMIUM_PATH:-}" ]; then
  echo 'Chromium is missing: installing Debian chromium'
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y chromium
fi

# Both runs report even when the first fails: a change's whole effect shows in one go. Their output is
# kept so that the last lines name every failure, however long the journeys' output after them.
logs=$(mktemp -d)
echo '== unit, web component and integration tests (vitest)'
SECONDS=0
tests_status=0
npx vitest run --project unit --project web --project integration 2>&1 | tee "$logs/tests.log" || tests_status=$?
echo "   took ${SECONDS} s"

echo '== browser journeys (vitest + playwright-core, headless Chromium, PHAROS_E2E_WORKERS files at once)'
SECONDS=0
journeys_status=0
npx vitest run --project e2e 2>&1 | tee "$logs/journeys.log" || journeys_status=$?
echo "   took ${SECONDS} s"

echo '== summary'
for part in tests journeys; do
  # Without colour codes: the FAIL lines of vitest's failure list, and its totals.
  sed 's/\x1b\[[0-9;]*m//g' "$logs/$part.log" | grep -E '^ *(FAIL |Test Files |Tests )' | sed "s/^ */$part: /" || true
done
rm -rf "$logs"
[ "$tests_status" -eq 0 ] && [ "$journeys_status" -eq 0 ]
