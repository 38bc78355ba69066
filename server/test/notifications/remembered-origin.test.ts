import { describe, expect, it } from 'vitest';
import { createIdentity } from '../../src/auth/identity/identities.js';
import { transaction } from '../../src/db/transaction.js';
import { browser, signIn, uniqueEmail } from '../support/identity.js';
import { manifest } from '../support/manifest.js';
import { mailText, notificationTest } from './helpers.js';

/**
 * Without PHAROS_PUBLIC_URL, links sent out are absolute all the same: they start with the origin an
 * administrator first reached Pharos on (recorded at their sign-in), never a bare path.
 */

const env = notificationTest({ publicUrl: null });
const BOB = 'bob@example.com';

describe('notification links without PHAROS_PUBLIC_URL', () => {
  it('start with the origin the first administrator signed in on', async () => {
    const admin = uniqueEmail('first-admin');
    await transaction(env.pool, (client) => createIdentity(client, { traits: { email: admin, name: { first: 'Ada', last: 'Admin' } }, password: 'correct horse battery staple', roles: ['admin'], verified: true, adoptExistingPerson: true }));
    const viewer = uniqueEmail('viewer');
    await transaction(env.pool, (client) => createIdentity(client, { traits: { email: viewer, name: { first: 'Vic', last: 'Viewer' } }, password: 'correct horse battery staple', roles: [], verified: true, adoptExistingPerson: true }));
    // A viewer's sign-in, from anywhere, is not remembered; the administrator's is, once.
    await signIn(browser(env.server), viewer, 'correct horse battery staple');
    expect((await env.pool.query('select origin from remembered_origin')).rows).toEqual([]);
    await signIn(browser(env.server), admin, 'correct horse battery staple');
    expect((await env.pool.query('select origin from remembered_origin')).rows).toEqual([{ origin: env.server.url }]);

    await env.pool.query("insert into people (name, email) values ('Bob', $1)", [BOB]);
    await env.apply(manifest('Notification', { name: 'new-configs', namespace: 'default' }, `events: [config.created]\ntitle: "{{.config.name}} added"\ntemplate: "See {{.permalink}}"\nto:\n  person: ${BOB}`));
    const { rows } = await env.pool.query<{ id: string }>("insert into configs (name, type) values ('orders-db', 'Postgres') returning id");
    const mail = await env.smtp.waitFor(BOB, (received) => received.subject === 'orders-db added');
    expect(mailText(mail)).toContain(`See ${env.server.url}/catalog/${rows[0]!.id}`);
  });
});
