import { paginateListBuckets, S3Client } from '@aws-sdk/client-s3';
import { attempt, type RegionScrape } from './context.js';
import { AWS_TYPES, awsItem } from './items.js';

/** config-db's `S3Bucket`: every bucket the account owns, under the account. */
export async function readS3(scrape: RegionScrape): Promise<void> {
  if (!scrape.selection.includes('S3Bucket')) return;
  const s3 = new S3Client(scrape.client);
  try {
    await attempt(scrape, 'list s3 buckets', async () => {
      for await (const page of paginateListBuckets({ client: s3 }, {}, { abortSignal: scrape.signal })) {
        for (const bucket of page.Buckets ?? []) {
          if (!bucket.Name || scrape.selection.excluded(AWS_TYPES.bucket, bucket.Name, {})) continue;
          scrape.items.push(
            awsItem({
              type: AWS_TYPES.bucket,
              id: bucket.Name,
              name: bucket.Name,
              configClass: 'ObjectStorage',
              config: bucket,
              ...(bucket.BucketRegion ? { tags: { region: bucket.BucketRegion } } : {}),
              ...(bucket.CreationDate ? { createdAt: bucket.CreationDate } : {}),
              parent: { type: AWS_TYPES.account, externalId: scrape.account },
              aliases: [`AmazonS3/${bucket.Name}`, `arn:aws:s3:::${bucket.Name}`],
            }),
          );
        }
      }
    });
  } finally {
    s3.destroy();
  }
}
