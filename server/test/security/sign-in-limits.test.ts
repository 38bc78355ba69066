import { Configuration, FrontendApi, type UiContainer, type UiNodeTextAttributes, type UiText } from '@ory/client-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../support/cookies.js';
import { csrfOf, identityOptions, nodeNamed, PASSWORD, register, rejection, totpCode, uniqueEmail, type Browser } from '../support/identity.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The sign-in limits hold when attempts come all at once, a success forgives only what it should,
 * and second-factor guesses count and lock like wrong passwords. Every test signs in from an
 * address of its own (behind a trusted proxy) so the per-address counts of other tests do not mix in.
 */

const PER_ACCOUNT = 5;
const PER_ADDRESS = 8;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    identity: identityOptions({ trustProxy: true, maxFailuresPerIdentifier: PER_ACCOUNT, maxFailuresPerAddress: PER_ADDRESS }),
  });
});

afterAll(async () => {
  await server?.close();
});

function uniqueAddress(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

/** A browser whose requests come from `address`. */
function browserAt(address: string): Browser {
  const jar = new CookieJar();
  const fetchFrom = (input: string | URL | Request, init: RequestInit = {}) =>
    jar.fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), 'x-forwarded-for': address } });
  const api = new FrontendApi(new Configuration({ basePath: `${server.url}/api/.ory`, fetchApi: fetchFrom, headers: { Accept: 'application/json' } }));
  return { api, jar, fetch: fetchFrom as CookieJar['fetch'] };
}

/** The id of the first flow message of a refused sign-in: 4000006 wrong credentials, 4000001 rate limited. */
async function signInMessage(b: Browser, identifier: string, password: string): Promise<number | undefined> {
  const flow = await b.api.createBrowserLoginFlow();
  const failure = await rejection(b.api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier, password, csrf_token: csrfOf(flow) } }));
  return (failure.body['ui'] as UiContainer | undefined)?.messages?.[0]?.id;
}

const WRONG = 4000006;
const LIMITED = 4000001;

describe('simultaneous sign-ins', () => {
  it('30 at once for one account are held to its limit of 5 checked passwords', async () => {
    const email = uniqueEmail('burst');
    await register(browserAt(uniqueAddress()), email);
    const address = uniqueAddress();
    const browsers = Array.from({ length: 30 }, () => browserAt(address));
    const flows = await Promise.all(browsers.map((b) => b.api.createBrowserLoginFlow()));
    const answers = await Promise.all(
      browsers.map((b, index) =>
        rejection(
          b.api.updateLoginFlow({
            flow: flows[index]!.id,
            updateLoginFlowBody: { method: 'password', identifier: email, password: `wrong ${index}`, csrf_token: csrfOf(flows[index]!) },
          }),
        ),
      ),
    );
    const ids = answers.map((answer) => (answer.body['ui'] as UiContainer).messages?.[0]?.id);
    expect(ids.filter((id) => id === WRONG)).toHaveLength(PER_ACCOUNT);
    expect(ids.filter((id) => id === LIMITED)).toHaveLength(30 - PER_ACCOUNT);
    const { rows } = await server.pool.query<{ n: string }>('select count(*) as n from identity_login_failures where identifier = $1', [email]);
    expect(Number(rows[0]?.n)).toBe(PER_ACCOUNT);
  });
});

describe('a successful sign-in', () => {
  it("forgives the account's failures but not the address's", async () => {
    const email = uniqueEmail('forgiven');
    await register(browserAt(uniqueAddress()), email);
    const address = uniqueAddress();
    const b = browserAt(address);
    for (let i = 0; i < 4; i += 1) expect(await signInMessage(b, email, `wrong ${i}`)).toBe(WRONG);
    const flow = await b.api.createBrowserLoginFlow();
    const done = await b.api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: email, password: PASSWORD, csrf_token: csrfOf(flow) } });
    expect(done.session.active).toBe(true);
    // The account may fail again (its 4 failures are forgiven) ...
    const other = browserAt(address);
    for (let i = 0; i < PER_ADDRESS - 4; i += 1) expect(await signInMessage(other, uniqueEmail('spray'), 'guess')).toBe(WRONG);
    // ... but the address has used up its 8 all the same.
    expect(await signInMessage(other, uniqueEmail('spray'), 'guess')).toBe(LIMITED);
  });
});

describe('second-factor codes', () => {
  function textOf(ui: UiContainer, id: string): UiText {
    const node = nodeNamed(ui, id);
    if (!node || node.attributes.node_type !== 'text') throw new Error(`no text node ${id}`);
    return (node.attributes as UiNodeTextAttributes).text;
  }

  it('count and lock like passwords, and a successful password step does not reset them', async () => {
    const email = uniqueEmail('totp-guess');
    const owner = browserAt(uniqueAddress());
    await register(owner, email);
    const settings = await owner.api.createBrowserSettingsFlow();
    const secret = (textOf(settings.ui, 'totp_secret_key').context as { secret: string }).secret;
    await owner.api.updateSettingsFlow({ flow: settings.id, updateSettingsFlowBody: { method: 'totp', totp_code: totpCode(secret), csrf_token: csrfOf(settings) } });

    const guess = async (): Promise<number | undefined> => {
      // The attacker knows the password: each round signs in with it, then guesses the code.
      const b = browserAt(uniqueAddress());
      const first = await b.api.createBrowserLoginFlow();
      await rejection(b.api.updateLoginFlow({ flow: first.id, updateLoginFlowBody: { method: 'password', identifier: email, password: PASSWORD, csrf_token: csrfOf(first) } }));
      const second = await b.api.createBrowserLoginFlow({ aal: 'aal2' });
      const failure = await rejection(b.api.updateLoginFlow({ flow: second.id, updateLoginFlowBody: { method: 'totp', totp_code: '000000', csrf_token: csrfOf(second) } }));
      const ui = failure.body['ui'] as UiContainer;
      return ui.messages?.[0]?.id ?? ui.nodes.flatMap((node) => node.messages).find(Boolean)?.id;
    };
    const answers: (number | undefined)[] = [];
    for (let i = 0; i < 8; i += 1) answers.push(await guess());
    expect(answers.slice(0, PER_ACCOUNT).every((id) => id !== LIMITED)).toBe(true);
    expect(answers.slice(PER_ACCOUNT)).toEqual([LIMITED, LIMITED, LIMITED]);
  });
});
