import { createHash } from 'node:crypto';

/**
 * config-db's built-in analysis rules (scrapers/analysis/rules.yaml): an insight of one of these
 * analyzers always has this category (analysis_type) and severity, whatever its source said.
 */
export const ANALYSIS_RULES: Readonly<Record<string, { category: string; severity: string }>> = {
  'ec2-instance-no-public-ip': { category: 'security', severity: 'critical' },
  'cloudtrail-enabled': { category: 'security', severity: 'critical' },
  'iam-user-mfa-enabled': { category: 'security', severity: 'critical' },
  'root-account-hardware-mfa-enabled': { category: 'security', severity: 'critical' },
  'eks-endpoint-no-public-access': { category: 'security', severity: 'critical' },
  'vpc-flow-logs-enabled': { category: 'security', severity: 'warning' },
  'Exposed Access Keys': { category: 'security', severity: 'critical' },
};

/** config-db's namespace for the ids of insights that name their own id (external_analysis_id). */
const ANALYSIS_NAMESPACE = 'a4e3b7c1-5f8a-4b2d-9e6c-1d7f8a3b5c9e';

/** The id config-db gives an insight with an external_analysis_id: a name-based (v5, SHA-1) UUID. */
export function analysisIdOf(externalAnalysisId: string): string {
  const hash = createHash('sha1').update(Buffer.from(ANALYSIS_NAMESPACE.replace(/-/g, ''), 'hex')).update(externalAnalysisId, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
