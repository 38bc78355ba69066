/** A check type that runs, as the guide shows it: what it does, its fields, its variables and a minimal example. */
export interface GuideCheckType {
  /** The spec key of the list (`http:`, `tcp:` …). */
  type: string;
  summary: string;
  fields: readonly { name: string; meaning: string }[];
  /** The variables its `test`, `display` and `transform` see. */
  variables: readonly { name: string; meaning: string }[];
  /** A canary spec with one check of the type (YAML, what goes under `spec:`). */
  example: string;
}

const THRESHOLD = { name: 'thresholdMillis', meaning: 'A run slower than this many milliseconds fails' };
const CREDENTIALS = { name: 'username, password', meaning: 'Secret-or-value fields (see Connections and secrets)' };
const CONNECTION = { name: 'connection', meaning: 'A saved connection that gives the url, username and password' };
const DURATION = { name: 'duration', meaning: 'Milliseconds the run took' };

/** The types whose runners ship in this version (server/src/health/runners), in the order of the guide. */
export const GUIDE_CHECK_TYPES: readonly GuideCheckType[] = [
  {
    type: 'http',
    summary: 'Requests a URL. It passes on the expected status (any below 400 unless responseCodes says otherwise), content, JSON value, certificate lifetime and time. Redirects are followed up to maxRedirects; the User-Agent is pharos/{version}.',
    fields: [
      { name: 'url', meaning: 'The URL to request (endpoint is the older name)' },
      { name: 'method', meaning: 'GET (default), HEAD, POST, PUT, PATCH, DELETE or OPTIONS' },
      { name: 'headers', meaning: 'A list of {name, value or valueFrom}, or a map of name to value' },
      { name: 'body', meaning: 'Sent with methods other than GET and HEAD' },
      { name: 'authentication', meaning: '{type, username, password}: basic (default), ntlm or ntlmv2 (also ntlm: true / ntlmv2: true); or username and password on the check' },
      { name: 'maxRedirects', meaning: 'Redirects followed (10); 0 answers the redirect itself' },
      { name: 'tlsConfig', meaning: '{ca, cert, key} as secret-or-value fields, insecureSkipVerify, handshakeTimeout' },
      { name: 'responseCodes', meaning: 'The statuses that pass, e.g. [200, 201]' },
      { name: 'responseContent', meaning: 'Text the body must contain' },
      { name: 'responseJSONContent', meaning: '{path, value}: the value at a dotted path of the JSON body' },
      { name: 'maxSSLExpiry', meaning: 'Fails when the certificate expires within this many days' },
      { name: 'insecureSkipVerify', meaning: 'true accepts a certificate that does not verify' },
      THRESHOLD,
      CONNECTION,
    ],
    variables: [
      { name: 'code', meaning: 'The response status' },
      { name: 'headers', meaning: "Response headers, named as Go names them: headers['Content-Type']" },
      { name: 'content', meaning: 'The body as text' },
      { name: 'json', meaning: 'The body parsed, when the content type is JSON (else null)' },
      { name: 'sslAge', meaning: "How long the certificate stays valid (https only): a duration in CEL (sslAge > Duration('7d')), milliseconds in templates" },
      { name: 'url', meaning: 'The last URL requested (after redirects)' },
      DURATION,
    ],
    example: `http:
  - name: api-health
    url: https://api.example.com/health
    responseCodes: [200]
    thresholdMillis: 2000
    test:
      expr: "json.status == 'ok'"
    display:
      template: "{{ .code }} in {{ .duration }} ms"`,
  },
  {
    type: 'tcp',
    summary: 'Opens a TCP connection; it passes when the connection is accepted in time.',
    fields: [{ name: 'endpoint', meaning: 'host:port (required)' }, THRESHOLD],
    variables: [DURATION],
    example: `tcp:
  - name: database-port
    endpoint: db.internal:5432
    thresholdMillis: 500`,
  },
  {
    type: 'dns',
    summary: 'Resolves a name, at a given server when set; minrecords and exactreply decide.',
    fields: [
      { name: 'query', meaning: 'The name to resolve (required)' },
      { name: 'querytype', meaning: 'A (default), AAAA, CNAME, MX, NS, PTR, SRV or TXT' },
      { name: 'server, port', meaning: 'The DNS server to ask (port 53 by default); the system resolver otherwise' },
      { name: 'minrecords', meaning: 'Fewer records fail' },
      { name: 'exactreply', meaning: 'The records expected, in any order' },
      { name: 'timeout', meaning: 'Milliseconds to wait for an answer (5000)' },
      THRESHOLD,
    ],
    variables: [{ name: 'records', meaning: 'The records found, as text, sorted' }, DURATION],
    example: `dns:
  - name: www-resolves
    query: www.example.com
    querytype: A
    minrecords: 1`,
  },
  {
    type: 'exec',
    summary: 'Runs a bash script on the server; it passes when the script exits 0. Only PATH, HOME, LANG and the env you list are set.',
    fields: [
      { name: 'script', meaning: 'The script (required)' },
      { name: 'env', meaning: 'A list of {name, value or valueFrom}' },
    ],
    variables: [
      { name: 'stdout', meaning: 'What the script printed' },
      { name: 'stderr', meaning: 'Its errors' },
      { name: 'exitCode', meaning: 'Its exit status' },
    ],
    example: `exec:
  - name: disk-space
    script: df -P / | awk 'NR==2 {print $5}'
    test:
      expr: "int(stdout.replace('%', '')) < 90"`,
  },
  {
    type: 'sql',
    summary: 'Runs a query against PostgreSQL or MySQL/MariaDB (postgres: and mysql: are the same check with the driver chosen by the key).',
    fields: [
      { name: 'url', meaning: 'postgres://… or mysql://… (or a connection); may be a secret-or-value field' },
      { name: 'driver', meaning: 'postgres or mysql, when the URL does not say' },
      { name: 'query', meaning: 'SELECT 1 unless set' },
      { name: 'results', meaning: 'The number of rows the query must return' },
      CREDENTIALS,
      CONNECTION,
      THRESHOLD,
    ],
    variables: [
      { name: 'rows', meaning: 'The rows, as objects by column (at most 1,000)' },
      { name: 'count', meaning: 'The number of rows' },
      DURATION,
    ],
    example: `postgres:
  - name: orders-today
    connection: connection://default/orders-db
    query: SELECT count(*) AS n FROM orders WHERE created_at > now() - interval '1 day'
    test:
      expr: "int(rows[0].n) > 0"`,
  },
  {
    type: 'redis',
    summary: 'Connects, selects the database and sends PING.',
    fields: [
      { name: 'addr', meaning: 'host:port (required, or the url of a connection)' },
      { name: 'db', meaning: 'Database number (0)' },
      CREDENTIALS,
      CONNECTION,
      THRESHOLD,
    ],
    variables: [DURATION],
    example: `redis:
  - name: cache
    addr: cache.internal:6379
    db: 0`,
  },
  {
    type: 'prometheus',
    summary: 'Runs an instant query; it fails on a query error, and its test decides on the values.',
    fields: [
      { name: 'url', meaning: 'The Prometheus base URL (or host, or a connection)' },
      { name: 'query', meaning: 'PromQL (required)' },
      CREDENTIALS,
      THRESHOLD,
    ],
    variables: [{ name: 'results', meaning: 'One entry per series: its labels and value' }, DURATION],
    example: `prometheus:
  - name: targets-up
    url: http://prometheus.internal:9090
    query: up{job="api"}
    test:
      expr: "results.all(r, r.value > 0)"`,
  },
  {
    type: 'icmp',
    summary: "Pings a host with the system's ping. It fails when no reply comes, when more packets are lost than packetLossThreshold allows, or when the average round trip exceeds thresholdMillis.",
    fields: [
      { name: 'endpoint', meaning: 'A host name, an address or a URL (required)' },
      { name: 'packetCount', meaning: 'Packets sent (5)' },
      { name: 'packetLossThreshold', meaning: 'Percent of lost packets allowed (0)' },
      THRESHOLD,
    ],
    variables: [
      { name: 'ip', meaning: 'The address pinged' },
      { name: 'packetsSent, packetsReceived', meaning: 'Packet counts' },
      { name: 'packetLoss', meaning: 'Percent lost' },
      { name: 'latency, latencyMin, latencyMax', meaning: 'Round trips in milliseconds' },
    ],
    example: `icmp:
  - name: gateway
    endpoint: 10.0.0.1
    packetCount: 3
    thresholdMillis: 100`,
  },
  {
    type: 'ldap',
    summary: 'Binds to a directory as username, then searches under bindDN with userSearch, which must find an entry.',
    fields: [
      { name: 'url', meaning: 'ldap://… or ldaps://… (or a connection)' },
      CREDENTIALS,
      { name: 'bindDN', meaning: 'Where the search starts' },
      { name: 'userSearch', meaning: 'An LDAP filter, e.g. (uid=monitor)' },
      { name: 'skipTLSVerify', meaning: 'true accepts any certificate of an ldaps:// server' },
    ],
    variables: [{ name: 'count', meaning: 'Entries found' }, { name: 'entries', meaning: 'The entries, as text values' }],
    example: `ldap:
  - name: directory
    url: ldap://ldap.internal:389
    username: {value: "cn=monitor,dc=example,dc=com"}
    password:
      valueFrom: {secretKeyRef: {name: ldap, key: password}}
    bindDN: ou=people,dc=example,dc=com
    userSearch: (uid=monitor)`,
  },
  {
    type: 'alertManager',
    summary: 'Reads the alerts of an Alertmanager (/api/v2/alerts). It passes once the alerts are read; its test decides on them (alertmanager is the same check).',
    fields: [
      { name: 'url', meaning: 'The Alertmanager (or host, or a connection)' },
      { name: 'alerts', meaning: 'Alert names to read (regular expressions)' },
      { name: 'filters', meaning: 'Labels that must match (regular expressions)' },
      { name: 'ignore', meaning: 'Alert names left out' },
      { name: 'exclude_filters', meaning: 'Label values left out' },
    ],
    variables: [
      { name: 'alerts', meaning: 'name, message, labels, annotations, fingerprint, state, startsAt of each' },
      { name: 'count', meaning: 'The number of alerts' },
    ],
    example: `alertManager:
  - name: no-critical-alerts
    url: http://alertmanager.internal:9093
    filters:
      severity: critical
    test:
      expr: "count == 0"`,
  },
  {
    type: 'elasticsearch',
    summary: 'Posts a search to {url}/{index}/_search of Elasticsearch (opensearch: for OpenSearch).',
    fields: [
      { name: 'url', meaning: 'The cluster (or a connection)' },
      { name: 'index', meaning: 'The index searched (every index without one)' },
      { name: 'query', meaning: 'A JSON search body' },
      { name: 'results', meaning: 'The number of hits expected' },
      { name: 'markFailOnEmpty', meaning: 'true fails when nothing is found' },
      CREDENTIALS,
    ],
    variables: [
      { name: 'count', meaning: 'The hits' },
      { name: 'hits', meaning: "The returned documents' _source" },
      { name: 'results', meaning: 'The whole answer' },
    ],
    example: `elasticsearch:
  - name: logs-flowing
    url: http://elastic.internal:9200
    index: logs-*
    query: '{"query": {"range": {"@timestamp": {"gte": "now-5m"}}}}'
    markFailOnEmpty: true`,
  },
  {
    type: 'mongo',
    summary: 'Connects to MongoDB, runs ping on the primary and reads hello (mongodb is the same check).',
    fields: [
      { name: 'url', meaning: 'mongodb://… or mongodb+srv://…; $(username) and $(password) in it take the credentials' },
      CREDENTIALS,
      CONNECTION,
    ],
    variables: [{ name: 'hello', meaning: 'isWritablePrimary, setName, minWireVersion, maxWireVersion, readOnly' }],
    example: `mongo:
  - name: orders-db
    url: mongodb://$(username):$(password)@mongo.internal:27017/admin
    username: {value: monitor}
    password:
      valueFrom: {secretKeyRef: {name: mongo, key: password}}`,
  },
  {
    type: 'folder',
    summary: 'Lists a folder on this server (* and ** select files), over SFTP or SMB, and tests what it finds.',
    fields: [
      { name: 'path', meaning: '/var/backups, /data/**/*.zip, sftp://host/dir (sftpConnection), smb://server/share/dir (smbConnection) (required)' },
      { name: 'filter', meaning: '{minAge, maxAge, minSize, maxSize, regex, since}: which files count' },
      { name: 'minAge, maxAge', meaning: 'How old the newest file may be, e.g. 25h' },
      { name: 'minCount, maxCount', meaning: 'How many files' },
      { name: 'minSize, maxSize, availableSize, totalSize', meaning: 'Sizes, e.g. 10Mi' },
      { name: 'recursive', meaning: 'Into sub-folders (not over SMB)' },
      CONNECTION,
    ],
    variables: [
      { name: 'files, count', meaning: 'The files kept, and how many' },
      { name: 'oldest, newest', meaning: 'The oldest and newest file' },
      { name: 'minSize, maxSize, totalSize, availableSize', meaning: 'Sizes in bytes' },
    ],
    example: `folder:
  - name: nightly-backup
    path: /var/backups/db
    maxAge: 25h
    minCount: 1`,
  },
  {
    type: 'junit',
    summary: 'Runs a command that writes JUnit XML (spec.containers’ command and args, in order, without the image; or a bash script) and reads the suites written during the run. Each suite becomes a check of its own, {check}/{suite}.',
    fields: [
      { name: 'testResults', meaning: 'The XML file, or a folder searched at any depth' },
      { name: 'spec.containers', meaning: 'command, args, env and workingDir of each step' },
      { name: 'script', meaning: 'A bash script instead' },
      { name: 'timeout', meaning: 'Minutes (5)' },
    ],
    variables: [
      { name: 'passed, failed, skipped, error', meaning: 'Case counts' },
      { name: 'duration', meaning: 'Seconds' },
      { name: 'suites', meaning: 'Each suite with its tests' },
    ],
    example: `junit:
  - name: smoke-tests
    testResults: /tmp/smoke/results
    script: mkdir -p /tmp/smoke/results && ./run-smoke.sh --junit /tmp/smoke/results/out.xml`,
  },
  {
    type: 'webhook',
    summary: 'Not run on the schedule: its results are pushed with POST /api/canary/webhook/{name or check id} and its token (?token=, a Webhook-Token or a bearer header). One object or a list.',
    fields: [{ name: 'token', meaning: 'What a pusher must send (a secret-or-value field)' }],
    variables: [
      { name: 'json or content', meaning: 'The pushed body' },
      { name: 'headers', meaning: 'The request headers' },
    ],
    example: `webhook:
  name: nightly-job
  token:
    valueFrom: {secretKeyRef: {name: hooks, key: nightly}}
  test:
    expr: "json.status == 'success'"`,
  },
  {
    type: 'catalog',
    summary: "Queries Pharos's own catalog (configs). It passes when the query runs; its test decides on what it found.",
    fields: [{ name: 'selector', meaning: 'One selector or a list (ORed): types, statuses, health, name (with *), labelSelector, tagSelector, search' }],
    variables: [
      { name: 'results', meaning: 'The configs, each with its config as an object' },
      { name: 'count', meaning: 'How many' },
    ],
    example: `catalog:
  - name: no-unhealthy-pods
    selector:
      - types: [Kubernetes::Pod]
        health: unhealthy
    test:
      expr: "count == 0"`,
  },
];
