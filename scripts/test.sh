#!/usr/bin/env bash
# Everything a change can break: types, lint, unit, web component and integration tests, and the
# browser journeys against the real built server.
set -euo pipefail
cd "$(dirname "$0")/.."

echo '== type check (tsc -b)'
npx tsc -b

echo '== lint (eslint)'
npx eslint .

echo '== build the web app (served by the server, driven by the journeys)'
npm run build -w web

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

echo '== browser journeys (vitest + playwright-core, headless Chromium)'
if [ ! -x /usr/bin/chromium ] && [ -z "${CHROMIUM_PATH:-}" ]; then
  echo 'Chromium is missing: installing Debian chromium'
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y chromium
fi

# PHAROS_TEST_CONCURRENT=1 runs the journeys beside the unit, web component and integration tests
# (their report follows the other run's); by default they run after them, as on a busy two-core
# machine running both at once has not yet been shown to pay.
journeys_log=$(mktemp)
trap 'rm -f "$journeys_log"' EXIT
journeys_status=0
if [ "${PHAROS_TEST_CONCURRENT:-}" = 1 ]; then
  echo '   (running beside the unit, web component and integration tests; their report follows them)'
  npx vitest run --project e2e >"$journeys_log" 2>&1 &
  journeys_pid=$!
fi

echo '== unit, web component and integration tests (vitest)'
tests_status=0
SECONDS=0
npx vitest run --project unit --project web --project integration || tests_status=$?
echo "   unit, web component and integration tests took ${SECONDS} s"

echo '== browser journeys: report'
if [ "${PHAROS_TEST_CONCURRENT:-}" != 1 ]; then
  npx vitest run --project e2e || journeys_status=$?
else
  wait "$journeys_pid" || journeys_status=$?
  cat "$journeys_log"
fi
echo "   browser journeys done after ${SECONDS} s"

[ "$tests_status" -eq 0 ] && [ "$journeys_status" -eq 0 ]
