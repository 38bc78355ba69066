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
    summary: 'Requests a URL. It passes on the expected status (any below 400 unless responseCodes says otherwise), content, JSON value, certificate lifetime and time. Redirects are not followed; the User-Agent is pharos/{version}.',
    fields: [
      { name: 'url', meaning: 'The URL to request (endpoint is the older name)' },
      { name: 'method', meaning: 'GET (default), HEAD, POST, PUT, PATCH, DELETE or OPTIONS' },
      { name: 'headers', meaning: 'A list of {name, value or valueFrom}, or a map of name to value' },
      { name: 'body', meaning: 'Sent with methods other than GET and HEAD' },
      { name: 'authentication', meaning: '{username, password}: basic authentication (or username and password on the check)' },
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
      { name: 'headers', meaning: 'Response headers, by lower-case name' },
      { name: 'content', meaning: 'The body as text' },
      { name: 'json', meaning: 'The body parsed, when the content type is JSON (else null)' },
      { name: 'sslAge', meaning: 'Milliseconds the certificate is still valid (https only)' },
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
];
