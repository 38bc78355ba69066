import { credentialsIn, isSealedText, mapSpecSecrets, PLAYBOOK_ACTION_SECRET_RULES } from '@pharos/core';
import { withConnection } from '../../connections/with-connection.js';
import type { ServerSecrets } from '../../secrets/server-secrets.js';
import { openSealedUrls } from '../../secrets/spec-secrets.js';
import type { RunEnvironment } from '../expressions.js';
import type { PlaybookOptions } from '../run-context.js';
import type { ActionKind } from '../spec.js';
import { renderAction } from './render-action.js';

/**
 * An action's fields as its runner takes them, on this server or shipped to an agent with its
 * templates rendered here: rendered over the run, its sealed service URLs opened, and a `connection`
 * written as a URL or connection string taken as its `url`.
 */
export async function runnableFields(options: PlaybookOptions, kind: ActionKind, body: Record<string, unknown>, environment: RunEnvironment, namespace: string): Promise<Record<string, unknown>> {
  const rendered = await renderAction(options.sandbox, kind, body, environment);
  return withConnection(options.pool, options.secrets, openSealedUrls(rendered, PLAYBOOK_ACTION_SECRET_RULES, options.secrets), namespace);
}

/** The credentials the sealed service URLs of an action's fields carry, which what the action answers must not repeat. */
export function sealedUrlCredentials(body: Record<string, unknown>, secrets: ServerSecrets): string[] {
  const found: string[] = [];
  mapSpecSecrets(body, PLAYBOOK_ACTION_SECRET_RULES, ({ value, kind }) => {
    // One sealed with another key could not have been used, so nothing of it can be repeated.
    const opened = kind === 'url' && isSealedText(value) ? secrets.openIfOurs(value) : undefined;
    if (opened !== undefined) found.push(...credentialsIn(opened));
    return value;
  });
  return found;
}
