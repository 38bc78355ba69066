import { IAMClient, paginateListRoles, paginateListUsers } from '@aws-sdk/client-iam';
import { attempt, type RegionScrape } from './context.js';
import { AWS_TYPES, awsItem } from './items.js';

/** A role's trust policy comes URL-encoded: kept as the JSON it is (config-db parses it too). */
function trustPolicyOf(encoded: string | undefined): unknown {
  if (!encoded) return undefined;
  try {
    return JSON.parse(decodeURIComponent(encoded)) as unknown;
  } catch {
    return encoded;
  }
}

/** config-db's IAM reads (`User`, `Roles`): IAM is global, so they are read once, not per region. */
export async function readIam(scrape: RegionScrape): Promise<void> {
  const iam = new IAMClient(scrape.client);
  const account = { type: AWS_TYPES.account, externalId: scrape.account };
  try {
    if (scrape.selection.includes('User')) {
      await attempt(scrape, 'get users', async () => {
        for await (const page of paginateListUsers({ client: iam }, {}, { abortSignal: scrape.signal })) {
          for (const user of page.Users ?? []) {
            if (!user.UserName || !user.Arn || scrape.selection.excluded(AWS_TYPES.user, user.UserName, {})) continue;
            scrape.items.push(
              awsItem({
                type: AWS_TYPES.user,
                // config-db: the ARN, not the UserId, which little refers to.
                id: user.Arn,
                name: user.UserName,
                configClass: 'User',
                config: user,
                ...(user.CreateDate ? { createdAt: user.CreateDate } : {}),
                parent: account,
                aliases: [user.UserId ?? '', user.Arn, user.UserName].filter((alias) => alias !== ''),
              }),
            );
          }
        }
      });
    }
    if (scrape.selection.includes('Roles')) {
      await attempt(scrape, 'get roles', async () => {
        for await (const page of paginateListRoles({ client: iam }, {}, { abortSignal: scrape.signal })) {
          for (const role of page.Roles ?? []) {
            if (!role.RoleName || !role.RoleId || scrape.selection.excluded(AWS_TYPES.role, role.RoleName, {})) continue;
            scrape.items.push(
              awsItem({
                type: AWS_TYPES.role,
                id: role.RoleId,
                name: role.RoleName,
                configClass: 'Role',
                config: { ...role, AssumeRolePolicyDocument: trustPolicyOf(role.AssumeRolePolicyDocument) },
                ...(role.CreateDate ? { createdAt: role.CreateDate } : {}),
                parent: account,
                aliases: [role.Arn ?? '', role.RoleName].filter((alias) => alias !== ''),
              }),
            );
          }
        }
      });
    }
  } finally {
    iam.destroy();
  }
}
