import { randomUUID } from 'node:crypto';
import type { CryptoKey, JWK } from 'jose';
import type pg from 'pg';
import type { ServerSecrets } from '../../secrets/server-secrets.js';

export const TOKEN_ALGORITHM = 'ES256';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

interface KeyRow {
  kid: string;
  public_jwk: JWK;
  private_jwk_sealed: string;
}

/**
 * The front door's signing key: the newest stored one, else a new pair stored for every replica.
 * Two replicas creating one at once both store theirs; each signs with its own and both are published.
 */
export async function signingKey(pool: pg.Pool, secrets: ServerSecrets): Promise<SigningKey> {
  const { rows } = await pool.query<KeyRow>('select kid, public_jwk, private_jwk_sealed from organization_token_keys order by created_at desc limit 1');
  const stored = rows[0];
  const { exportJWK, generateKeyPair, importJWK } = await import('jose');
  if (stored) {
    const privateKey = await importJWK(JSON.parse(secrets.open(stored.private_jwk_sealed)) as JWK, TOKEN_ALGORITHM);
    return { kid: stored.kid, privateKey: privateKey as CryptoKey };
  }
  const pair = await generateKeyPair(TOKEN_ALGORITHM, { extractable: true });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: TOKEN_ALGORITHM, use: 'sig' };
  const privateJwk = await exportJWK(pair.privateKey);
  await pool.query('insert into organization_token_keys (kid, alg, public_jwk, private_jwk_sealed) values ($1, $2, $3, $4)', [
    kid,
    TOKEN_ALGORITHM,
    publicJwk,
    secrets.seal(JSON.stringify(privateJwk)),
  ]);
  return { kid, privateKey: pair.privateKey };
}

/** The public keys, as /.well-known/jwks.json answers them. */
export async function publicKeys(pool: pg.Pool): Promise<{ keys: JWK[] }> {
  const { rows } = await pool.query<{ public_jwk: JWK }>('select public_jwk from organization_token_keys order by created_at desc');
  return { keys: rows.map((row) => row.public_jwk) };
}
