import type { ResourceRef } from '../../ui/resource-extensions';

/** 'check', 'component' or 'config': what a target names, for messages about it. */
export function resourceNoun(target: ResourceRef): string {
  if (target.check_id) return 'check';
  if (target.component_id) return 'component';
  if (target.config_id) return 'config';
  return 'resource';
}
