/** Permissions and feature flags for every screen: what the user may see and do. */
export { featureFlagsOf, featureFlagsQuery, fetchFeatureProperties, invalidateFeatureFlags, useFeatureFlags } from './feature-flags';
export type { FeatureFlags } from './feature-flags';
export { Guard, useAllowed } from './guard';
export type { GuardProps } from './guard';
export { permissionsOf, usePermissions } from './permissions';
export type { Permissions } from './permissions';
export { Unauthorized, UnauthorizedPage, UNAUTHORIZED_MESSAGE } from './unauthorized';
export { DeniedHint, deniedReason, useDenied } from './denied';
