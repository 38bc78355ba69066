import { storage_v1 } from '@googleapis/storage';
import { createdAtOf, field, GCP_KINDS, labelsOf, type Resource } from './items.js';
import { attempt, type ProjectScrape } from './project.js';

/** Cloud Storage's buckets of the project; config-db's region of a bucket is its location. */
export async function readStorage(scrape: ProjectScrape): Promise<void> {
  if (!scrape.selection.includes(GCP_KINDS.bucket.assetType)) return;
  const api = new storage_v1.Storage({ auth: scrape.auth, ...(scrape.rootUrl ? { rootUrl: scrape.rootUrl } : {}) });
  await attempt(scrape, 'list buckets', async () => {
    let pageToken: string | undefined;
    do {
      const { data } = await api.buckets.list({ project: scrape.project, ...(pageToken ? { pageToken } : {}) }, { signal: scrape.signal });
      for (const bucket of (data.items ?? []) as Resource[]) {
        const name = field(bucket, 'name');
        if (!name) continue;
        const location = field(bucket, 'location')?.toLowerCase();
        const createdAt = createdAtOf(bucket);
        scrape.items.push({
          kind: GCP_KINDS.bucket,
          id: field(bucket, 'id') ?? name,
          name,
          config: bucket,
          labels: labelsOf(bucket),
          tags: { project: scrape.project, ...(location ? { region: location } : {}) },
          ...(createdAt ? { createdAt } : {}),
          relationships: [],
        });
      }
      pageToken = data.nextPageToken ?? undefined;
    } while (pageToken);
  });
}
