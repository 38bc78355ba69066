/** A check result as `test`, `display` and `transform` expressions of an HTTP check see it. */
export const SAMPLE_CHECK_RESULT = {
  code: 200,
  headers: { 'Content-Type': 'application/json' },
  elapsed: '182ms',
  sslAge: '2160h',
  json: { status: 'ok', version: '1.4.2', items: [{ name: 'api', healthy: true }, { name: 'worker', healthy: false }] },
  content: '{"status":"ok"}',
};
