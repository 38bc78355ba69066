import { carriesCredentials, changedDestination, isLiteralCredential, isRecord, isSealedText, mapSpecSecrets, savedCounterpart, SEALED_PLACEHOLDER, type SecretPath, type SpecSecretRules } from '@pharos/core';
import { UnsealError, type ServerSecrets } from './server-secrets.js';

/** A placeholder of a sealed value that cannot keep it; `path` is where it stands. */
export class PlaceholderRefused extends Error {
  constructor(
    readonly path: SecretPath,
    message: string,
  ) {
    super(message);
  }
}

/** The placeholder of a sealed value where nothing sealed is saved: there is nothing to keep. */
export class PlaceholderWithoutSecret extends PlaceholderRefused {
  constructor(path: SecretPath) {
    super(path, `${SEALED_PLACEHOLDER} stands for a sealed value, but none is saved here: write the value itself (or a secret:// reference)`);
  }
}

/** The placeholder beside a changed destination: the saved secret would go somewhere its writer never had to know it for. */
export class PlaceholderDestinationChanged extends PlaceholderRefused {
  constructor(path: SecretPath, changed: SecretPath) {
    super(path, `${SEALED_PLACEHOLDER} keeps a saved secret, but ${changed.join('.')} changed beside it: write the secret again to send it to the new destination`);
  }
}

/** The sealed text a saved field holds (text, or `{value}`), if it holds one. */
function sealedIn(saved: unknown): string | undefined {
  if (isSealedText(saved)) return saved;
  if (isRecord(saved) && isSealedText(saved['value'])) return saved['value'];
  return undefined;
}

/** The sealed text saved at `path`; for `{value}` also the text saved in place of the object. */
function savedSealedText(saved: unknown, current: unknown, path: SecretPath): string | undefined {
  const found = sealedIn(savedCounterpart(saved, current, path));
  if (found !== undefined || path[path.length - 1] !== 'value') return found;
  return sealedIn(savedCounterpart(saved, current, path.slice(0, -1)));
}

const opensTo = (secrets: ServerSecrets, sealed: string | undefined, plain: string): boolean => sealed !== undefined && secrets.openIfOurs(sealed) === plain;

const sealedWithThisKey = (secrets: ServerSecrets, value: string): boolean => secrets.openIfOurs(value) !== undefined;

export interface SealOptions {
  /**
   * What is saved now (a spec of the same shape): the placeholder keeps its sealed value, and a
   * value that did not change keeps its sealed text. Absent: the placeholder is left for the
   * database, which keeps the saved value of the row it updates.
   */
  saved?: { spec: unknown };
  /**
   * Keep any text sealed with this key as it is (specs already in the database). Otherwise a sealed
   * text is kept only where it is the one saved at that place: one copied from elsewhere (another
   * resource's credential) is sealed again as a value of its own, so it is never opened for a
   * field it was not saved in.
   */
  keepSealed?: boolean;
}

/**
 * The spec as it is saved: each credential its rules name sealed with the server's key, except
 * references, templates, service URLs and connection strings without credentials (a `connection://`
 * reference, a connection's name) and the sealed texts already saved there.
 */
export function sealSpecSecrets<T>(spec: T, rules: SpecSecretRules, secrets: ServerSecrets, options: SealOptions = {}): T {
  return mapSpecSecrets(spec, rules, ({ value, path, kind }) => {
    const saved = options.saved ? savedSealedText(options.saved.spec, spec, path) : undefined;
    if (value === SEALED_PLACEHOLDER) {
      if (!options.saved) return value;
      if (saved === undefined) throw new PlaceholderWithoutSecret(path);
      const changed = changedDestination(spec, options.saved.spec, path);
      if (changed) throw new PlaceholderDestinationChanged(path, changed);
      return saved;
    }
    if (isSealedText(value) && (value === saved || (options.keepSealed === true && sealedWithThisKey(secrets, value)))) return value;
    // A sealed text not kept above was copied from elsewhere: sealed again, in a URL field too.
    if (!isLiteralCredential(value) || (kind === 'url' && !isSealedText(value) && !carriesCredentials(value))) return value;
    return opensTo(secrets, saved, value) ? saved! : secrets.seal(value);
  });
}

/** The spec with its sealed credentials in clear, to compare two versions; undefined when one was sealed with another key. */
export function openSpecSecrets<T>(spec: T, rules: SpecSecretRules, secrets: ServerSecrets): T | undefined {
  try {
    return mapSpecSecrets(spec, rules, ({ value }) => (isSealedText(value) ? secrets.open(value) : value));
  } catch (error) {
    if (error instanceof UnsealError) return undefined;
    throw error;
  }
}

/**
 * The spec as it is run: its sealed service URLs and connection strings in clear (the other credentials
 * are opened where they are read, with the references beside them).
 */
export function openSealedUrls<T>(spec: T, rules: SpecSecretRules, secrets: ServerSecrets): T {
  return mapSpecSecrets(spec, rules, ({ value, kind }) => (kind === 'url' && isSealedText(value) ? secrets.open(value) : value));
}
