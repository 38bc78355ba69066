/**
 * Times GET /api/canary/api/summary one request after another in a process of its own, so that the
 * bench's ten simulated agents (building their pages in the bench's process) do not delay the reading
 * of the answers: what is timed is the server. Started by agents.ts with the URL, the token and a count
 * (or 0: until the parent sends 'stop'); sends back the milliseconds of each request and exits.
 */
const [url, token, countText] = process.argv.slice(2);
const count = Number(countText) || Number.POSITIVE_INFINITY;
let stopped = false;
process.on('message', (message) => {
  if (message === 'stop') stopped = true;
});

async function timeOne(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/api/canary/api/summary`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET /api/canary/api/summary answered ${response.status}`);
  return performance.now() - started;
}

const times: number[] = [];
while (!stopped && times.length < count) times.push(await timeOne());
process.send?.(times, () => process.exit(0));
