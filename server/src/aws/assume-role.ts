import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import type { AwsAccess } from './access.js';
import { clientConfigOf } from './clients.js';

/**
 * The access a spec's `assumeRole` (a role ARN) gives: STS AssumeRole with the spec's keys, at its
 * endpoint, for the temporary keys every later call is signed with. Without `assumeRole`, the access
 * as it is.
 */
export async function assumedAccess(access: AwsAccess, region: string, signal: AbortSignal): Promise<AwsAccess> {
  if (!access.assumeRole) return access;
  const sts = new STSClient(clientConfigOf(access, region));
  try {
    const answer = await sts.send(new AssumeRoleCommand({ RoleArn: access.assumeRole, RoleSessionName: 'pharos' }), { abortSignal: signal });
    const credentials = answer.Credentials;
    if (!credentials?.AccessKeyId || !credentials.SecretAccessKey) throw new Error(`STS gave no keys for the role ${access.assumeRole}`);
    const { assumeRole: _done, ...rest } = access;
    return { ...rest, accessKeyId: credentials.AccessKeyId, secretAccessKey: credentials.SecretAccessKey, ...(credentials.SessionToken ? { sessionToken: credentials.SessionToken } : {}) };
  } finally {
    sts.destroy();
  }
}
