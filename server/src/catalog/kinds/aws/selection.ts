import picomatch from 'picomatch';
import { isRecord } from '@pharos/core';

/** config-db's `include`, `exclude` and `exclusions` of an aws scraper. */
export interface AwsSelection {
  /** Whether a resource group (`EC2instance`, `VPC`, `subnet`, `SecurityGroup`, `RDS`, `S3Bucket`, `User`, `Roles`, `Account`) is read. */
  includes(resource: string): boolean;
  /** Whether `exclude` names it (`cloudtrail`). */
  excludes(resource: string): boolean;
  /** Whether an `exclusions` rule leaves the item out. */
  excluded(type: string, name: string, labels: Record<string, string>): boolean;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : []);
const sameWord = (a: string) => (b: string) => a.toLowerCase() === b.toLowerCase();

/** config-db's default exclusions when `include`/`exclude` name nothing. */
const DEFAULT_EXCLUDED = ['ECSTaskDefinition'];

interface Exclusion {
  type: string[];
  name: string[];
  tags: Record<string, string>;
}

const patterns = (value: unknown): string[] => (typeof value === 'string' ? value.split(',').map((part) => part.trim()).filter((part) => part !== '') : []);

/** A value matches one of config-db's patterns: a glob, `!` negating. */
function matchesAny(value: string, list: string[]): boolean {
  const positive = list.filter((pattern) => !pattern.startsWith('!'));
  if (list.some((pattern) => pattern.startsWith('!') && picomatch.isMatch(value, pattern.slice(1)))) return false;
  return positive.length === 0 || positive.some((pattern) => picomatch.isMatch(value, pattern));
}

function exclusionsOf(value: unknown): Exclusion[] {
  const list = Array.isArray(value) ? value : [];
  return list.filter(isRecord).map((rule) => ({
    type: patterns(rule['type']),
    name: patterns(rule['name']),
    tags: isRecord(rule['tags']) ? Object.fromEntries(Object.entries(rule['tags']).map(([key, pattern]) => [key, String(pattern)])) : {},
  }));
}

function ruleMatches(rule: Exclusion, type: string, name: string, labels: Record<string, string>): boolean {
  if (rule.type.length === 0 && rule.name.length === 0 && Object.keys(rule.tags).length === 0) return false;
  if (rule.type.length > 0 && !matchesAny(type, rule.type)) return false;
  if (rule.name.length > 0 && !matchesAny(name, rule.name)) return false;
  return Object.entries(rule.tags).every(([key, pattern]) => labels[key] !== undefined && matchesAny(labels[key], [pattern]));
}

export function selectionOf(spec: Record<string, unknown>): AwsSelection {
  const include = strings(spec['include']);
  const exclude = strings(spec['exclude']);
  const rules = exclusionsOf(spec['exclusions']);
  return {
    includes: (resource) => (include.length === 0 ? !DEFAULT_EXCLUDED.some(sameWord(resource)) : include.some(sameWord(resource))),
    excludes: (resource) => (exclude.length === 0 ? DEFAULT_EXCLUDED.some(sameWord(resource)) : exclude.some(sameWord(resource))),
    excluded: (type, name, labels) => rules.some((rule) => ruleMatches(rule, type, name, labels)),
  };
}
