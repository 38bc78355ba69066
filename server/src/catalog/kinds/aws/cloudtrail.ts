import { CloudTrailClient, paginateLookupEvents, type Event } from '@aws-sdk/client-cloudtrail';
import { isRecord, parseGoDuration } from '@pharos/core';
import type { ScrapedChange } from '../../scrape-types.js';
import { attempt, type RegionScrape } from './context.js';
import type { AwsItem } from './items.js';

/** config-db's default look-back of `cloudtrail.maxAge`. */
const DEFAULT_MAX_AGE_MS = 7 * 24 * 3_600_000;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** `cloudtrail.exclude` (event-name prefixes) and `cloudtrail.maxAge` (a Go duration, 7 days when not given). */
export interface CloudTrailOptions {
  exclude: string[];
  maxAgeMs: number;
}

export function cloudTrailOptionsOf(spec: Record<string, unknown>): CloudTrailOptions {
  const options = isRecord(spec['cloudtrail']) ? spec['cloudtrail'] : {};
  const exclude = Array.isArray(options['exclude']) ? options['exclude'].filter((name): name is string => typeof name === 'string' && name !== '') : [];
  const maxAge = text(options['maxAge']);
  let maxAgeMs = DEFAULT_MAX_AGE_MS;
  if (maxAge) {
    try {
      maxAgeMs = parseGoDuration(maxAge);
    } catch {
      throw new Error(`cloudtrail.maxAge: ${maxAge} is not a duration (write e.g. 24h or 168h)`);
    }
  }
  return { exclude, maxAgeMs };
}

interface TrailRecord {
  userIdentity?: { type?: string; arn?: string; userName?: string; principalId?: string; sessionContext?: { sessionIssuer?: { userName?: string } } };
  resources?: Array<{ ARN?: string }>;
}

function recordOf(json: string | undefined): TrailRecord | undefined {
  if (!json) return undefined;
  try {
    const parsed = JSON.parse(json) as unknown;
    return isRecord(parsed) ? (parsed as TrailRecord) : undefined;
  } catch {
    return undefined;
  }
}

/** config-db's author of an event: an assumed role's issuer, an IAM user's name, else the caller's ARN. */
function authorOf(record: TrailRecord): string | undefined {
  const identity = record.userIdentity ?? {};
  if (identity.type === 'AssumedRole') return identity.principalId ? identity.sessionContext?.sessionIssuer?.userName : identity.arn?.split('/').pop();
  if (identity.type === 'IAMUser') return identity.userName;
  return identity.arn;
}

/** Finds the scraped item an event's resource names: by type and id or alias, else by id or alias alone. */
export class ItemIndex {
  private readonly byTypedKey = new Map<string, AwsItem>();
  private readonly byKey = new Map<string, AwsItem>();

  constructor(items: readonly AwsItem[]) {
    for (const item of items) {
      for (const key of [item.id, ...item.aliases]) {
        this.byTypedKey.set(`${item.type}\u0000${key}`, item);
        if (!this.byKey.has(key)) this.byKey.set(key, item);
      }
    }
  }

  find(type: string | undefined, key: string): AwsItem | undefined {
    return (type ? this.byTypedKey.get(`${type}\u0000${key}`) : undefined) ?? this.byKey.get(key);
  }
}

/** The keys an event names a resource by: LookupEvents' resource name, and the first ARN of the record. */
function targetsOf(event: Event, record: TrailRecord): Array<{ type: string | undefined; key: string }> {
  const arn = (record.resources ?? []).map((resource) => resource.ARN).find((value): value is string => !!value);
  const listed = event.Resources && event.Resources.length > 0 ? event.Resources : [{}];
  return listed.flatMap((resource) => {
    const keys = [resource.ResourceName, arn].filter((key): key is string => !!key);
    return keys.map((key) => ({ type: resource.ResourceType, key }));
  });
}

/**
 * The newest event time read, per scraper entry, region and account: the next scrape starts there
 * instead of `maxAge` back (as config-db's LastEventTime; kept in memory, so a restart reads maxAge again,
 * and the changes already saved are found again by their event id).
 */
const lastEventTimes = new Map<string, Date>();

/**
 * config-db's `cloudtrail`: the events of `cloudtrail.maxAge` (LookupEvents), less read-only ones and
 * those whose name starts with an `exclude` prefix, as changes of the scraped items they name (the
 * event name the change type, its record the details, its caller the author). Events about resources
 * this scraper did not read are left out.
 */
export async function readCloudTrail(scrape: RegionScrape, options: CloudTrailOptions, entryKey: string, now = new Date()): Promise<void> {
  if (scrape.selection.excludes('cloudtrail')) return;
  const index = new ItemIndex(scrape.items);
  const cloudtrail = new CloudTrailClient(scrape.client);
  const markKey = `${entryKey}\u0000${scrape.region}\u0000${scrape.account}`;
  const oldest = new Date(now.getTime() - options.maxAgeMs);
  const mark = lastEventTimes.get(markKey);
  let newest = mark;
  try {
    await attempt(scrape, 'describe cloudtrail events', async () => {
      const input = { StartTime: mark && mark > oldest ? mark : oldest, EndTime: now };
      for await (const page of paginateLookupEvents({ client: cloudtrail }, input, { abortSignal: scrape.signal })) {
        for (const event of page.Events ?? []) {
          if (event.EventTime && (!newest || event.EventTime > newest)) newest = event.EventTime;
          const name = event.EventName ?? '';
          if (options.exclude.some((prefix) => name.startsWith(prefix)) || event.ReadOnly === 'true') continue;
          const record = recordOf(event.CloudTrailEvent) ?? {};
          const seen = new Set<AwsItem>();
          for (const target of targetsOf(event, record)) {
            const item = index.find(target.type, target.key);
            if (!item || seen.has(item)) continue;
            seen.add(item);
            item.changes.push(changeOf(scrape, event, record));
          }
        }
      }
      if (newest) lastEventTimes.set(markKey, newest);
    });
  } finally {
    cloudtrail.destroy();
  }
}

function changeOf(scrape: RegionScrape, event: Event, record: TrailRecord): ScrapedChange {
  return {
    changeType: event.EventName ?? 'CloudTrailEvent',
    externalChangeId: event.EventId ?? null,
    createdAt: event.EventTime ?? null,
    createdBy: authorOf(record) ?? event.Username ?? null,
    source: `AWS::CloudTrail::${scrape.region}:${scrape.account}`,
    details: Object.keys(record).length > 0 ? record : (event.CloudTrailEvent ?? null),
  };
}
