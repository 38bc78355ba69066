import { deleteStored, listStored, setStoredValue, type StoredKind } from '../secret-store/store.js';
import { promptHidden, readAll } from './input.js';
import { loadRuntimeSecrets, openMigratedDatabase, runOnce } from './runtime.js';

export interface SecretOptions {
  namespace: string;
  configMap?: boolean;
}

export interface SecretSetOptions extends SecretOptions {
  value?: string;
  /** Comma list of the namespaces besides its own that may read it. */
  allowNamespace?: string;
}

const namespacesOf = (list: string): string[] =>
  list
    .split(',')
    .map((namespace) => namespace.trim())
    .filter((namespace) => namespace !== '');

const kindOf = (options: SecretOptions): StoredKind => (options.configMap ? 'ConfigMap' : 'Secret');

/** `pharos secret set NAME KEY`: the value from --value, a hidden prompt, or standard input. */
export async function secretSet(name: string, key: string, options: SecretSetOptions): Promise<void> {
  const value = options.value ?? (process.stdin.isTTY ? await promptHidden(`Value of ${name}/${key}: `) : await readAll());
  await runOnce(async (runtime) => {
    const database = await openMigratedDatabase(runtime);
    const allowed = options.allowNamespace === undefined ? undefined : namespacesOf(options.allowNamespace);
    await setStoredValue(database.pool, await loadRuntimeSecrets(runtime), { kind: kindOf(options), namespace: options.namespace, name, key }, value, allowed);
    const scheme = options.configMap ? 'configmap' : 'secret';
    const shared = allowed && allowed.length > 0 ? `, shared with ${allowed.join(', ')}` : '';
    process.stdout.write(`${scheme}://${name}/${key} saved in namespace ${options.namespace}${shared}\n`);
  });
}

/** `pharos secret list`: names and keys, never values. */
export async function secretList(): Promise<void> {
  await runOnce(async (runtime) => {
    const database = await openMigratedDatabase(runtime);
    const entries = await listStored(database.pool);
    if (entries.length === 0) process.stdout.write('No secrets or config maps are stored\n');
    for (const entry of entries) {
      const shared = entry.shared_with.length > 0 ? `\tshared with ${entry.shared_with.join(', ')}` : '';
      process.stdout.write(`${entry.kind}\t${entry.namespace}/${entry.name}\t${entry.keys.join(', ')}${shared}\n`);
    }
  });
}

/** `pharos secret delete NAME [KEY]`. */
export async function secretDelete(name: string, key: string | undefined, options: SecretOptions): Promise<void> {
  await runOnce(async (runtime) => {
    const database = await openMigratedDatabase(runtime);
    const removed = await deleteStored(database.pool, { kind: kindOf(options), namespace: options.namespace, name, ...(key ? { key } : {}) });
    if (removed === 0) throw new Error(`No ${kindOf(options)} ${options.namespace}/${name}${key ? ` with key ${key}` : ''} is stored`);
    process.stdout.write(`${removed} key${removed === 1 ? '' : 's'} deleted\n`);
  });
}
