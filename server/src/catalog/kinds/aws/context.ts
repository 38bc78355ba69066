import type { AwsClientConfig } from '../../../aws/clients.js';
import { awsErrorText } from '../../../aws/clients.js';
import type { AwsItem } from './items.js';
import type { AwsSelection } from './selection.js';

/** What a reader of one region needs, and where it puts what it found and what failed. */
export interface RegionScrape {
  client: AwsClientConfig;
  region: string;
  account: string;
  selection: AwsSelection;
  signal: AbortSignal;
  items: AwsItem[];
  errors: string[];
}

/** Runs one read of a region; a failure is an error of the run (config-db's results.Errorf), the other reads go on. */
export async function attempt(scrape: RegionScrape, what: string, read: () => Promise<void>): Promise<void> {
  try {
    await read();
  } catch (error) {
    scrape.signal.throwIfAborted();
    scrape.errors.push(`${scrape.region}: failed to ${what}: ${awsErrorText(error)}`);
  }
}
