/** The feature tree of spec 1 section 6 and how `{feature}.disable` properties switch features off. */

export const FEATURES = [
  'topology',
  'health',
  'incidents',
  'config',
  'logs',
  'playbooks',
  'agents',
  'settings.connections',
  'settings.users',
  'settings.teams',
  'settings.rules',
  'settings.config_scraper',
  'settings.topology',
  'settings.health',
  'settings.job_history',
  'settings.feature_flags',
  'settings.logging_backends',
  'settings.event_queue_status',
  'settings.organization_profile',
  'settings.notifications',
  'settings.playbooks',
  'settings.integrations',
] as const;
export type Feature = (typeof FEATURES)[number];

/** A feature flag as stored in the properties table; only name and value matter here. */
export interface FeatureProperty {
  name: string;
  value: string | null;
}

const PARENTS: Partial<Record<Feature, Feature>> = {
  'settings.config_scraper': 'config',
  'settings.topology': 'topology',
  'settings.health': 'health',
  'settings.job_history': 'health',
};

const FEATURE_SET: ReadonlySet<string> = new Set(FEATURES);
const DISABLE_SUFFIX = '.disable';

export function isFeature(x: string): x is Feature {
  return FEATURE_SET.has(x);
}

export function featureParent(feature: Feature): Feature | undefined {
  return PARENTS[feature];
}

/** The property name that disables a feature, e.g. `incidents.disable`. */
export function featureFlagName(feature: Feature): string {
  return `${feature}${DISABLE_SUFFIX}`;
}

/** Features switched off directly by a flag or through a disabled ancestor. */
export function disabledFeatures(properties: readonly FeatureProperty[]): Set<Feature> {
  const direct = new Set<Feature>();
  for (const { name, value } of properties) {
    if (value !== 'true' || !name.endsWith(DISABLE_SUFFIX)) continue;
    const feature = name.slice(0, -DISABLE_SUFFIX.length);
    if (isFeature(feature)) direct.add(feature);
  }
  const result = new Set<Feature>();
  for (const feature of FEATURES) {
    for (let f: Feature | undefined = feature; f !== undefined; f = featureParent(f)) {
      if (direct.has(f)) {
        result.add(feature);
        break;
      }
    }
  }
  return result;
}

export function isFeatureEnabled(feature: Feature, properties: readonly FeatureProperty[]): boolean {
  return !disabledFeatures(properties).has(feature);
}

/**
 * The flag property that switches a feature off: its own `{feature}.disable`, or that of the
 * nearest disabled ancestor; undefined while the feature is enabled.
 */
export function disablingFlag(feature: Feature, properties: readonly FeatureProperty[]): string | undefined {
  const disabled = disabledFeatures(properties);
  if (!disabled.has(feature)) return undefined;
  const direct = new Set(properties.filter((p) => p.value === 'true').map((p) => p.name));
  for (let f: Feature | undefined = feature; f !== undefined; f = featureParent(f)) {
    if (direct.has(featureFlagName(f))) return featureFlagName(f);
  }
  return undefined;
}
