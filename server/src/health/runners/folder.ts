import { isRecord } from '@pharos/core';
import picomatch from 'picomatch';
import { endpointWithin } from '../../connections/origin.js';
import type { ResolvedConnection } from '../../connections/resolve.js';
import type { SftpLogin } from '../../connections/testers/sftp.js';
import type { SmbLogin } from '../../connections/testers/smb.js';
import { renderField } from './field-template.js';
import { listLocalFolder } from './folder-local.js';
import { filterEntries, folderStats, humanSize, testFolder, type FolderEntry, type FolderStats } from './folder-measure.js';
import { listSftpFolder } from './folder-sftp.js';
import { listSmbFolder } from './folder-smb.js';
import { failed, number, text, type CheckOutcome, type CheckRunner, type RunContext } from './types.js';

/** Longest an SSH login may take. */
const LOGIN_TIMEOUT_MS = 20_000;

type Listing = { entries: FolderEntry[]; availableSize: number };

const isSmbPath = (value: string | undefined) => value !== undefined && (/^smb:\/\//i.test(value) || value.startsWith('\\\\'));
const isSftpPath = (value: string | undefined) => value !== undefined && /^sftp:\/\//i.test(value);

/**
 * The inline connection block (`sftpConnection`, `smbConnection`) and the saved connection it names,
 * else the check's own `connection` (already resolved by the caller).
 */
async function inlineConnection(spec: Record<string, unknown>, key: string, context: RunContext, checkConnection: ResolvedConnection | undefined): Promise<{ inline: Record<string, unknown>; saved?: ResolvedConnection }> {
  const inline = isRecord(spec[key]) ? spec[key] : {};
  const reference = text(inline['connection']);
  if (!reference) return checkConnection ? { inline, saved: checkConnection } : { inline };
  if (!context.connection) throw new Error(`${key}.connection cannot be resolved here`);
  return { inline, saved: await context.connection(reference) };
}

/** The first credential given: the inline block's field (a secret-or-value), then plain values in order. */
async function credential(context: RunContext, field: unknown, ...values: (string | null | undefined)[]): Promise<string | undefined> {
  return (await context.value(field)) || values.find((value) => !!value) || undefined;
}

async function listSftp(spec: Record<string, unknown>, folder: string, recursive: boolean, context: RunContext, checkConnection?: ResolvedConnection): Promise<Listing> {
  const { inline, saved } = await inlineConnection(spec, 'sftpConnection', context, checkConnection);
  const urlText = [folder, text(spec['url']), saved?.url ?? undefined].find(isSftpPath);
  const url = urlText ? new URL(urlText) : undefined;
  const host = text(inline['host']) ?? saved?.properties['host'] ?? url?.hostname ?? text(spec['host']);
  if (!host) throw new Error('sftpConnection.host (or an sftp:// path or connection) is required');
  const username = await credential(context, inline['username'], saved?.username, decodeURIComponent(url?.username ?? ''), await context.value(spec['username']));
  if (!username) throw new Error('sftpConnection.username is required');
  const password = await credential(context, inline['password'], saved?.password, decodeURIComponent(url?.password ?? ''), await context.value(spec['password']));
  const login: SftpLogin = {
    host,
    port: number(inline['port']) ?? number(saved?.properties['port']) ?? (url?.port ? Number(url.port) : undefined) ?? number(spec['port']) ?? 22,
    username,
    ...(password ? { password } : {}),
    ...(saved?.certificate ? { privateKey: saved.certificate } : {}),
  };
  if (saved) endpointWithin(saved, login.host, login.port, 22);
  const remote = isSftpPath(folder) ? decodeURIComponent(new URL(folder).pathname) || '.' : folder;
  return listSftpFolder(login, remote, recursive, LOGIN_TIMEOUT_MS);
}

/** `smb://server[:port]/share/folder` or `\\server\share\folder`, else the connection's share with `path` under it. */
function smbLocation(folder: string, base: string | undefined): { server: string; port?: number; share: string; folder: string } {
  const full = isSmbPath(folder) ? folder : `${base ?? ''}/${folder}`;
  const parts = full
    .replace(/^smb:\/\//i, '')
    .replace(/\\/g, '/')
    .split('/')
    .filter(Boolean);
  const [server = '', share = '', ...rest] = parts;
  if (!server || !share) throw new Error(`'${full}' names no share: write smb://server/share/folder or \\\\server\\share\\folder`);
  const [host = '', port] = server.split(':');
  return { server: host, ...(port ? { port: Number(port) } : {}), share, folder: rest.join('/') };
}

async function listSmb(spec: Record<string, unknown>, folder: string, context: RunContext, checkConnection?: ResolvedConnection): Promise<Listing> {
  const { inline, saved } = await inlineConnection(spec, 'smbConnection', context, checkConnection);
  const base = [text(spec['url']), saved?.url ?? undefined].find(isSmbPath);
  const location = smbLocation(folder, base);
  const username = await credential(context, inline['username'], saved?.username, await context.value(spec['username']));
  if (!username) throw new Error('smbConnection.username is required');
  const password = await credential(context, inline['password'], saved?.password, await context.value(spec['password']));
  const domain = text(inline['domain']) ?? saved?.properties['domain'] ?? text(spec['domain']);
  const login: SmbLogin = {
    server: location.server,
    share: text(inline['share']) ?? location.share,
    port: number(inline['port']) ?? location.port ?? number(saved?.properties['port']) ?? number(spec['port']) ?? 445,
    username,
    ...(password ? { password } : {}),
    ...(domain ? { domain } : {}),
  };
  if (saved) endpointWithin(saved, login.server, Number(login.port), 445);
  return listSmbFolder(login, location.folder, context.signal, LOGIN_TIMEOUT_MS);
}

/** `/etc/*`, `/data/**\/*.zip`: the folder before the first pattern, and the pattern under it. */
function splitGlob(folder: string): { base: string; pattern?: string } {
  const segments = folder.split('/');
  const first = segments.findIndex((segment) => /[*?[{]/.test(segment));
  if (first < 0) return { base: folder };
  return { base: segments.slice(0, first).join('/') || '/', pattern: segments.slice(first).join('/') };
}

async function listing(spec: Record<string, unknown>, path: string, context: RunContext): Promise<Listing> {
  // The check's `connection` decides the protocol by its type (an smb, sftp or folder connection).
  const reference = text(spec['connection']);
  const saved = reference && context.connection ? await context.connection(reference) : undefined;
  if (isSmbPath(path) || isRecord(spec['smbConnection']) || saved?.type === 'smb') return listSmb(spec, path, context, saved?.type === 'smb' ? saved : undefined);
  const folderBase = saved?.type === 'folder' ? (saved.properties['path'] || saved.url) : undefined;
  const folder = folderBase && !path.startsWith('/') ? `${folderBase.replace(/\/+$/, '')}/${path}` : path;
  const { base, pattern } = splitGlob(folder);
  // A pattern reaching into subfolders walks them, and is matched against the path under the base.
  const walk = spec['recursive'] === true || (pattern !== undefined && pattern.includes('/'));
  const sftp = isSftpPath(folder) || isRecord(spec['sftpConnection']) || saved?.type === 'sftp';
  const found = sftp ? await listSftp(spec, base, walk, context, saved?.type === 'sftp' ? saved : undefined) : await listLocalFolder(base, walk);
  if (pattern === undefined) return found;
  const matches = picomatch(pattern);
  return { ...found, entries: found.entries.filter((entry) => matches(entry.name)) };
}

/** The variables: Pharos's names, and canary-checker's `results` for specs written for it. */
function variablesOf(stats: FolderStats, errorType: string): Record<string, unknown> {
  const { files, oldest, newest, minSize, maxSize, totalSize, availableSize } = stats;
  return {
    ...stats,
    errorType,
    results: { files, oldest, newest, smallest: minSize, largest: maxSize, size: totalSize, availableSize },
  };
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(new Error('timed out'));
    signal.addEventListener('abort', () => reject(new Error('timed out')), { once: true });
  });
}

/** `path` and the `filter` fields rendered as Go templates, as canary-checker renders a folder check's fields before it lists. */
async function renderedSpec(spec: Record<string, unknown>, context: RunContext): Promise<Record<string, unknown>> {
  const rendered = { ...spec };
  if (typeof spec['path'] === 'string') rendered['path'] = await renderField(spec['path'], context);
  if (isRecord(spec['filter'])) {
    const fields = await Promise.all(Object.entries(spec['filter']).map(async ([key, value]) => [key, typeof value === 'string' ? await renderField(value, context) : value] as const));
    rendered['filter'] = Object.fromEntries(fields);
  }
  return rendered;
}

/**
 * Lists `path` (a folder on this server, `sftp://` or an `sftpConnection`, `smb://` / `\\server\share`
 * with an `smbConnection`, or what the check's `connection` names), keeps what `filter` selects and
 * tests minCount, maxCount, availableSize, totalSize, minAge, maxAge, minSize and maxSize. Variables:
 * files, count, oldest, newest, minSize, maxSize, totalSize, availableSize, errorType and `results`.
 * `path` and `filter` may be Go templates over the check and `last_result`.
 */
export const folderCheck: CheckRunner = async (written, context): Promise<CheckOutcome> => {
  let spec: Record<string, unknown>;
  try {
    spec = await renderedSpec(written, context);
  } catch (error) {
    return { ...failed(`failed to template check: ${(error as Error).message}`, 0, { errorType: 'configuration_error' }), invalid: true };
  }
  const folder = text(spec['path']);
  if (!folder) return failed('path is required', 0, { errorType: 'configuration_error' });
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let found: Listing;
  try {
    found = await Promise.race([listing(spec, folder, context), aborted(context.signal)]);
  } catch (error) {
    return failed((error as Error).message, elapsed(), { errorType: 'connection_error' });
  }
  let stats: FolderStats;
  let verdict: ReturnType<typeof testFolder>;
  try {
    stats = folderStats(filterEntries(found.entries, spec['filter'], Date.now(), spec['recursive'] === true), found.availableSize);
    verdict = testFolder(stats, spec);
  } catch (error) {
    return failed((error as Error).message, elapsed(), { errorType: 'configuration_error' });
  }
  const duration = elapsed();
  const data = variablesOf(stats, verdict?.errorType ?? '');
  if (verdict) return failed(verdict.message, duration, data);
  return { pass: true, duration, message: `${stats.count} file${stats.count === 1 ? '' : 's'}, ${humanSize(stats.totalSize)}`, data };
};
