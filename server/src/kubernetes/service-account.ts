import { access, readFile } from 'node:fs/promises';
import { constants } from 'node:fs';
import type { OutgoingHttpHeaders } from 'node:http';
import path from 'node:path';
import type { KubeConfig, User } from '@kubernetes/client-node';
import { KubernetesAccessError } from './client.js';

/** Where Kubernetes mounts a pod's service account. */
export const DEFAULT_SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';

export interface ServiceAccountFiles {
  dir: string;
  tokenFile: string;
  caFile: string;
  /** The pod's namespace, when the folder has it. */
  namespace?: string;
}

/** The folder of the pod's service account: PHAROS_KUBERNETES_SERVICE_ACCOUNT_DIR, else Kubernetes' own. */
export function serviceAccountDir(env: NodeJS.ProcessEnv = process.env): string {
  const given = env['PHAROS_KUBERNETES_SERVICE_ACCOUNT_DIR']?.trim();
  return path.resolve(given ? given : DEFAULT_SERVICE_ACCOUNT_DIR);
}

/** The service account's token and CA files (refused with which one cannot be read) and its namespace. */
export async function serviceAccountOf(env: NodeJS.ProcessEnv = process.env): Promise<ServiceAccountFiles> {
  const dir = serviceAccountDir(env);
  const tokenFile = path.join(dir, 'token');
  const caFile = path.join(dir, 'ca.crt');
  for (const [file, what] of [[tokenFile, 'token'], [caFile, 'CA certificate']] as const) {
    await access(file, constants.R_OK).catch(() => {
      throw new KubernetesAccessError(`the pod's service account ${what} (${file}) cannot be read: mount the service account there or set PHAROS_KUBERNETES_SERVICE_ACCOUNT_DIR to its folder`);
    });
  }
  const namespace = (await readFile(path.join(dir, 'namespace'), 'utf8').catch(() => '')).trim();
  return { dir, tokenFile, caFile, ...(namespace ? { namespace } : {}) };
}

type Authenticator = Parameters<KubeConfig['addAuthenticator']>[0];

const PROVIDER = 'pharos-service-account';
/** client-go reads the token file again after a minute, as the kubelet rotates it. */
const TOKEN_REREAD_MS = 60_000;

/**
 * The service account token as client-go's in-cluster config sends it: read from its file, trimmed
 * (client-node's own tokenFile provider sends a trailing newline, which no header may hold) and read
 * again after a minute.
 */
export class ServiceAccountTokenAuth implements Authenticator {
  private token: string | undefined;
  private readAt = 0;

  isAuthProvider(user: User): boolean {
    return user.authProvider?.name === PROVIDER;
  }

  async applyAuthentication(user: User, options: { headers?: OutgoingHttpHeaders }): Promise<void> {
    const file = String(user.authProvider?.config?.['path'] ?? '');
    if (this.token === undefined || Date.now() - this.readAt > TOKEN_REREAD_MS) {
      this.token = (await readFile(file, 'utf8').catch((error: unknown) => {
        throw new KubernetesAccessError(`the pod's service account token (${file}) cannot be read: ${(error as Error).message}`);
      })).trim();
      this.readAt = Date.now();
    }
    options.headers ??= {};
    options.headers['Authorization'] = `Bearer ${this.token}`;
  }

  static user(tokenFile: string): User {
    return { name: 'inClusterUser', authProvider: { name: PROVIDER, config: { path: tokenFile } } };
  }
}
