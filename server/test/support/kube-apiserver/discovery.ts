import { apiGroup, apiGroupList, apiResourceList, coreVersions, RESOURCE_TYPES } from './resources.js';

/** The discovery document at the path, undefined when the path is not one. */
export function discovery(path: string, segments: string[]): unknown {
  if (path === '/version') return { major: '1', minor: '30', gitVersion: 'v1.30.0', platform: 'linux/amd64' };
  if (path === '/api') return coreVersions();
  if (path === '/apis') return apiGroupList();
  if (segments[0] === 'api' && segments.length === 2) return apiResourceList('', segments[1]!);
  if (segments[0] === 'apis' && segments.length === 2 && RESOURCE_TYPES.some((type) => type.group === segments[1])) return apiGroup(segments[1]!);
  if (segments[0] === 'apis' && segments.length === 3) return apiResourceList(segments[1]!, segments[2]!);
  return undefined;
}
