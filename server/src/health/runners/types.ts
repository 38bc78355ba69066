import type pg from 'pg';
import type { ResolvedConnection } from '../../connections/resolve.js';

/** What one run of a check measured. */
export interface CheckOutcome {
  pass: boolean;
  /** Milliseconds the check took. */
  duration: number;
  /** What the check found, in a line (the display expression may replace it). */
  message?: string;
  /** Why it failed. */
  error?: string;
  /** The variables the check's test, display and transform expressions see. */
  data: Record<string, unknown>;
  /** What the run found besides itself (a junit check's suites, a transform's checks): each kept as a check of its own. */
  children?: ChildCheck[];
  /** The result says nothing of the check's health (a transform that erred): written with `invalid`. */
  invalid?: boolean;
}

/** A check a run makes besides its own (see child-checks.ts). */
export interface ChildCheck {
  /** Kept as `{check}/{name}`, or as `name` itself when `ownName` (a transform names its checks outright). */
  name: string;
  ownName?: boolean;
  outcome: CheckOutcome;
  /** A result that says nothing of health (written with `invalid`). */
  invalid?: boolean;
  /** The check's own fields; the parent's namespace and labels when not given. */
  description?: string;
  icon?: string;
  namespace?: string;
  labels?: Record<string, string>;
  endpoint?: string;
  /** What the check gets when a run no longer makes it: `MarkHealthy` or `MarkUnhealthy` a last status, else none. */
  deleteStrategy?: string;
}

export interface RunContext {
  signal: AbortSignal;
  /** A secret-or-value field of the spec (`{value}`, `{valueFrom}`, text) as its value. */
  value(field: unknown): Promise<string | undefined>;
  /** The sent User-Agent: HTTP_USER_AGENT of the http runner. */
  userAgent: string;
  /** A saved connection the spec names (`connection://…` or a name), in the check's namespace first. */
  connection?(reference: string): Promise<ResolvedConnection>;
  /** Pharos's own database, for checks over its catalog. */
  pool?: pg.Pool;
  /** Renders a Go template (a templated url or body) in the expression sandbox; absent where nothing is templated. */
  render?(template: string, variables: Record<string, unknown>): Promise<string>;
  /** The check and canary the run belongs to, as templates see them (`.canary.name`). */
  scope?: Record<string, unknown>;
}

export type CheckRunner = (spec: Record<string, unknown>, context: RunContext) => Promise<CheckOutcome>;

/** A check that cannot run: its outcome says why instead of throwing. */
export function failed(error: string, duration = 0, data: Record<string, unknown> = {}): CheckOutcome {
  return { pass: false, duration, error, data };
}

export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function number(value: unknown): number | undefined {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** `thresholdMillis` exceeded: a failure that says by how much. */
export function slower(duration: number, spec: Record<string, unknown>): string | undefined {
  const threshold = number(spec['thresholdMillis']);
  return threshold !== undefined && threshold > 0 && duration > threshold ? `took ${duration} ms, more than the threshold of ${threshold} ms` : undefined;
}
