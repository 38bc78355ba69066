import { isRecord, SCRAPER_KINDS, type ScraperKind } from '@pharos/core';
import { Boxes, Cloud, Database, FileCode, FileText, GitBranch, Globe, Puzzle, ShieldCheck, Terminal, type LucideIcon } from 'lucide-react';

/** Spec keys that are settings of the whole scraper, not kinds. */
const SETTINGS = new Set(['schedule', 'full', 'retention', 'timeout', 'icon', 'description', 'properties']);

const ICONS: Readonly<Record<string, LucideIcon>> = {
  kubernetes: Boxes,
  kubernetesFile: FileCode,
  azure: Cloud,
  aws: Cloud,
  sql: Database,
  trivy: ShieldCheck,
  file: FileText,
  githubActions: GitBranch,
  http: Globe,
  exec: Terminal,
  azureDevops: GitBranch,
};

/** The kinds a scraper's spec has entries of, in the spec's order (exec too: config-db's script kind). */
export function kindsOf(spec: unknown): string[] {
  if (!isRecord(spec)) return [];
  return Object.entries(spec)
    .filter(([key, entries]) => !SETTINGS.has(key) && Array.isArray(entries) && entries.length > 0)
    .map(([key]) => key);
}

export const isKnownKind = (kind: string): kind is ScraperKind => (SCRAPER_KINDS as readonly string[]).includes(kind);

/** The icon of a scraper by its first kind; a spec of no known kind gets the custom icon. */
export function kindIcon(kind: string | undefined): LucideIcon {
  return (kind && ICONS[kind]) || Puzzle;
}
