import type { OAuth2Client } from 'google-auth-library';
import type { GcpItem } from './items.js';

/**
 * config-db's `include` and `exclude` of asset types. As there, a non-empty `include` is an allowlist:
 * one that names only feature flags (IAMPolicy, AuditLogs …, which are not read here) reads no assets.
 */
export interface GcpSelection {
  includes(assetType: string): boolean;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '').map((item) => item.toLowerCase()) : []);
export function selectionOf(spec: Record<string, unknown>): GcpSelection {
  const include = strings(spec['include']);
  const exclude = new Set(strings(spec['exclude']));
  return { includes: (assetType) => !exclude.has(assetType.toLowerCase()) && (include.length === 0 || include.includes(assetType.toLowerCase())) };
}

/** What a reader of one project needs, and where it puts what it found and what failed. */
export interface ProjectScrape {
  auth: OAuth2Client;
  /** Root URL of the APIs when the spec gives an endpoint. */
  rootUrl?: string;
  project: string;
  selection: GcpSelection;
  signal: AbortSignal;
  items: GcpItem[];
  errors: string[];
}

interface GoogleErrorBody {
  error?: { code?: number; message?: string; status?: string } | string;
  error_description?: string;
}

/** Google's error JSON (`{"error": {"code": 403, "status": "PERMISSION_DENIED", "message": …}}`) as one line. */
export function googleErrorText(error: unknown): string {
  const response = (error as { response?: { status?: number; data?: unknown } }).response;
  const body = response?.data as GoogleErrorBody | undefined;
  if (body && typeof body.error === 'object' && body.error.message) return `${body.error.status ?? response?.status ?? ''}: ${body.error.message}`.replace(/^: /, '');
  return error instanceof Error ? error.message : String(error);
}

/** Runs one read of a project; a failure is an error of the run (config-db's results.Errorf), the other reads go on. */
export async function attempt(scrape: ProjectScrape, what: string, read: () => Promise<void>): Promise<void> {
  try {
    await read();
  } catch (error) {
    scrape.signal.throwIfAborted();
    scrape.errors.push(`${scrape.project}: failed to ${what}: ${googleErrorText(error)}`);
  }
}
