/** A person signing in with a password through the browser login flow, then loading the health dashboard's summary. */

interface FlowNode {
  attributes: { name?: string; value?: unknown };
}

function cookiesOf(response: Response, jar: Map<string, string>): void {
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(';')[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
}

const cookieHeader = (jar: Map<string, string>): string => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

/** Signs in and loads `GET /api/canary/api/summary?start=1h`; answers the milliseconds each took. */
export async function signInAndLoadDashboard(baseUrl: string, email: string, password: string): Promise<{ signInMs: number; summaryMs: number; checks: number }> {
  const jar = new Map<string, string>();
  const started = performance.now();
  const flowResponse = await fetch(`${baseUrl}/api/.ory/self-service/login/browser`, { headers: { accept: 'application/json' }, redirect: 'manual' });
  cookiesOf(flowResponse, jar);
  const flow = (await flowResponse.json()) as { id: string; ui: { nodes: FlowNode[] } };
  const csrf = flow.ui.nodes.find((node) => node.attributes.name === 'csrf_token')?.attributes.value;
  const login = await fetch(`${baseUrl}/api/.ory/self-service/login?flow=${flow.id}`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', cookie: cookieHeader(jar) },
    body: JSON.stringify({ method: 'password', csrf_token: csrf, identifier: email, password }),
    redirect: 'manual',
  });
  cookiesOf(login, jar);
  if (login.status !== 200) throw new Error(`signing in as ${email} answered ${login.status}: ${await login.text()}`);
  await login.arrayBuffer();
  const signedIn = performance.now();
  const summary = await fetch(`${baseUrl}/api/canary/api/summary?start=1h`, { headers: { cookie: cookieHeader(jar) } });
  if (summary.status !== 200) throw new Error(`the summary answered ${summary.status}`);
  const body = (await summary.json()) as { checks_summary: unknown[] };
  return { signInMs: signedIn - started, summaryMs: performance.now() - signedIn, checks: body.checks_summary.length };
}
