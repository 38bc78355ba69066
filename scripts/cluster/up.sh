#!/usr/bin/env bash
# A PostgreSQL 15 cluster that fails over, on loopback ports, for the failover test and benchmark:
# etcd, two Patroni-managed nodes (streaming replication) and HAProxy routing to whichever node
# Patroni's REST API calls the primary. Everything lives in CLUSTER_DIR (a new temporary folder when
# unset); it prints DATABASE_URL and writes it, with the ports, pids and paths, to CLUSTER_DIR/cluster.env.
# Stop it with scripts/cluster/down.sh [CLUSTER_DIR].
set -euo pipefail

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
PACKAGES=(patroni etcd-server haproxy postgresql-15)
PROGRAMS=(/usr/bin/patroni /usr/bin/etcd /usr/sbin/haproxy "$PG_BIN/postgres")

missing=()
for index in "${!PACKAGES[@]}"; do
  [ -x "${PROGRAMS[$index]}" ] || missing+=("${PACKAGES[$index]}")
done
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "Missing Debian packages: ${missing[*]} (install them as root: apt-get install -y --no-install-recommends ${missing[*]})" >&2
    exit 3
  fi
  echo "Installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update >&2
  apt-get install -y --no-install-recommends "${missing[@]}" >&2
fi

CLUSTER_DIR=${CLUSTER_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/pharos-cluster-XXXXXX")}
mkdir -p "$CLUSTER_DIR"
CLUSTER_DIR=$(cd "$CLUSTER_DIR" && pwd)
echo "$CLUSTER_DIR" > "${TMPDIR:-/tmp}/pharos-cluster.current"

# PostgreSQL refuses to run as root: as root every daemon runs as the unprivileged postgres user.
RUN_AS=()
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres
  chown postgres: "$CLUSTER_DIR"
  chmod 700 "$CLUSTER_DIR"
  RUN_AS=(runuser -u postgres --)
fi

# Free loopback ports, taken from the kernel and released at once (etcd client/peer, two PostgreSQL,
# two Patroni REST APIs, HAProxy).
read -r ETCD_PORT ETCD_PEER_PORT PG_PORT_1 PG_PORT_2 REST_PORT_1 REST_PORT_2 HAPROXY_PORT < <(node -e '
  const net = require("node:net");
  const servers = Array.from({ length: 7 }, () => net.createServer());
  Promise.all(servers.map((s) => new Promise((r) => s.listen(0, "127.0.0.1", () => r(s.address().port)))))
    .then((ports) => { console.log(ports.join(" ")); servers.forEach((s) => s.close()); });
')

SUPERUSER_PASSWORD=$(node -e 'console.log(require("node:crypto").randomBytes(12).toString("hex"))')
REPLICATION_PASSWORD=$(node -e 'console.log(require("node:crypto").randomBytes(12).toString("hex"))')
PHAROS_PASSWORD=$(node -e 'console.log(require("node:crypto").randomBytes(12).toString("hex"))')

spawn() { # name, command...: runs a daemon in the background, its output in NAME.log, its pid in NAME.pid
  local name=$1
  shift
  setsid "${RUN_AS[@]}" "$@" >"$CLUSTER_DIR/$name.log" 2>&1 < /dev/null &
  echo $! > "$CLUSTER_DIR/$name.pid"
}

wait_for() { # description, seconds, command...
  local what=$1 seconds=$2
  shift 2
  local deadline=$((SECONDS + seconds))
  until "$@" >/dev/null 2>&1; do
    if [ $SECONDS -ge $deadline ]; then
      echo "Timed out after ${seconds}s waiting for $what; logs in $CLUSTER_DIR" >&2
      tail -n 30 "$CLUSTER_DIR"/*.log >&2 || true
      exit 1
    fi
    sleep 0.3
  done
}

run() { "${RUN_AS[@]}" "$@"; }

spawn etcd /usr/bin/etcd --name pharos-etcd --data-dir "$CLUSTER_DIR/etcd" \
  --listen-client-urls "http://127.0.0.1:$ETCD_PORT" --advertise-client-urls "http://127.0.0.1:$ETCD_PORT" \
  --listen-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" --initial-advertise-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" \
  --initial-cluster "pharos-etcd=http://127.0.0.1:$ETCD_PEER_PORT" --listen-metrics-urls "" \
  --heartbeat-interval 100 --election-timeout 1000
wait_for etcd 30 curl -fsS "http://127.0.0.1:$ETCD_PORT/health"

# ttl/loop_wait are low so that a failover takes seconds; primary_start_timeout 0 makes Patroni fail
# over as soon as the primary's PostgreSQL crashes instead of restarting it in place for 5 minutes.
write_node() { # node number, PostgreSQL port, REST port
  local node=$1 pg_port=$2 rest_port=$3
  mkdir -p "$CLUSTER_DIR/socket$node"
  cat > "$CLUSTER_DIR/node$node.yml" <<YAML
scope: pharos
name: node$node
log:
  level: INFO
restapi:
  listen: 127.0.0.1:$rest_port
  connect_address: 127.0.0.1:$rest_port
etcd3:
  hosts: 127.0.0.1:$ETCD_PORT
bootstrap:
  dcs:
    ttl: 10
    loop_wait: 2
    retry_timeout: 3
    maximum_lag_on_failover: 104857600
    primary_start_timeout: 0
    postgresql:
      use_pg_rewind: true
      use_slots: true
      parameters:
        wal_log_hints: 'on'
        max_connections: 300
        max_wal_senders: 10
        max_replication_slots: 10
        wal_keep_size: 128MB
        fsync: 'off'
  initdb:
    - encoding: UTF8
    - locale: C.UTF-8
  pg_hba:
    - local all all trust
    - host replication replicator 127.0.0.1/32 scram-sha-256
    - host all all 127.0.0.1/32 scram-sha-256
postgresql:
  listen: 127.0.0.1:$pg_port
  connect_address: 127.0.0.1:$pg_port
  data_dir: $CLUSTER_DIR/data$node
  bin_dir: $PG_BIN
  pgpass: $CLUSTER_DIR/pgpass$node
  remove_data_directory_on_rewind_failure: true
  remove_data_directory_on_diverged_timelines: true
  authentication:
    superuser:
      username: postgres
      password: $SUPERUSER_PASSWORD
    replication:
      username: replicator
      password: $REPLICATION_PASSWORD
    rewind:
      username: postgres
      password: $SUPERUSER_PASSWORD
  parameters:
    unix_socket_directories: $CLUSTER_DIR/socket$node
tags:
  nofailover: false
  noloadbalance: false
  clonefrom: false
YAML
}
write_node 1 "$PG_PORT_1" "$REST_PORT_1"
write_node 2 "$PG_PORT_2" "$REST_PORT_2"
[ "${#RUN_AS[@]}" -eq 0 ] || chown -R postgres: "$CLUSTER_DIR"

spawn patroni1 /usr/bin/patroni "$CLUSTER_DIR/node1.yml"
wait_for 'node1 to become the primary' 90 curl -fsS "http://127.0.0.1:$REST_PORT_1/primary"
spawn patroni2 /usr/bin/patroni "$CLUSTER_DIR/node2.yml"
wait_for 'node2 to stream from node1' 90 curl -fsS "http://127.0.0.1:$REST_PORT_2/replica"

cat > "$CLUSTER_DIR/haproxy.cfg" <<CFG
global
  maxconn 1000
defaults
  mode tcp
  timeout connect 2s
  timeout client 30m
  timeout server 30m
  timeout check 1s
listen primary
  bind 127.0.0.1:$HAPROXY_PORT
  option httpchk GET /primary
  http-check expect status 200
  default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
  server node1 127.0.0.1:$PG_PORT_1 check port $REST_PORT_1
  server node2 127.0.0.1:$PG_PORT_2 check port $REST_PORT_2
CFG
[ "${#RUN_AS[@]}" -eq 0 ] || chown postgres: "$CLUSTER_DIR/haproxy.cfg"
spawn haproxy /usr/sbin/haproxy -db -f "$CLUSTER_DIR/haproxy.cfg"

export PGPASSWORD=$SUPERUSER_PASSWORD
reaches_primary() {
  [ "$("$PG_BIN/psql" -h 127.0.0.1 -p "$HAPROXY_PORT" -U postgres -d postgres -Atc 'select not pg_is_in_recovery()')" = t ]
}
# HAProxy counts every server up until its first checks fail (two, 0.5 s apart): until then a
# connection can land on the replica.
sleep 1.5
wait_for 'HAProxy to reach the primary' 30 reaches_primary
"$PG_BIN/psql" -q -h 127.0.0.1 -p "$HAPROXY_PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 <<SQL >&2
create role pharos login createdb password '$PHAROS_PASSWORD';
create database pharos owner pharos;
SQL

DATABASE_URL="postgres://pharos:$PHAROS_PASSWORD@127.0.0.1:$HAPROXY_PORT/pharos"
cat > "$CLUSTER_DIR/cluster.env" <<ENV
CLUSTER_DIR=$CLUSTER_DIR
DATABASE_URL=$DATABASE_URL
SUPERUSER_URL=postgres://postgres:$SUPERUSER_PASSWORD@127.0.0.1:$HAPROXY_PORT/postgres
ETCD_PORT=$ETCD_PORT
HAPROXY_PORT=$HAPROXY_PORT
PG_PORT_1=$PG_PORT_1
PG_PORT_2=$PG_PORT_2
REST_PORT_1=$REST_PORT_1
REST_PORT_2=$REST_PORT_2
ENV
chmod 600 "$CLUSTER_DIR/cluster.env"
echo "Cluster in $CLUSTER_DIR (patronictl -c $CLUSTER_DIR/node1.yml list); stop it with npm run cluster:down" >&2
echo "DATABASE_URL=$DATABASE_URL"
