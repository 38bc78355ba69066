#!/usr/bin/env bash
# Stops the cluster of scripts/cluster/up.sh and removes its folder: CLUSTER_DIR, the first argument,
# or the last cluster started.
set -euo pipefail
CLUSTER_DIR=${1:-${CLUSTER_DIR:-$(cat "${TMPDIR:-/tmp}/pharos-cluster.current" 2>/dev/null || true)}}
if [ -z "$CLUSTER_DIR" ] || [ ! -d "$CLUSTER_DIR" ]; then
  echo 'No cluster to stop' >&2
  exit 0
fi
# Each daemon was started in a session of its own: its pid is also its process group, which ends
# PostgreSQL with the Patroni that started it.
for name in haproxy patroni2 patroni1 etcd; do
  file="$CLUSTER_DIR/$name.pid"
  [ -f "$file" ] || continue
  pid=$(cat "$file")
  kill -TERM -- "-$pid" 2>/dev/null || true
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
  kill -KILL -- "-$pid" 2>/dev/null || true
done
# A postmaster outlives its Patroni when Patroni was killed: stop it by its own pid file.
for data in "$CLUSTER_DIR"/data*; do
  [ -f "$data/postmaster.pid" ] || continue
  pid=$(head -n 1 "$data/postmaster.pid")
  kill -KILL "$pid" 2>/dev/null || true
done
rm -rf "$CLUSTER_DIR"
current="${TMPDIR:-/tmp}/pharos-cluster.current"
[ "$(cat "$current" 2>/dev/null || true)" != "$CLUSTER_DIR" ] || rm -f "$current"
echo "Stopped the cluster in $CLUSTER_DIR" >&2
