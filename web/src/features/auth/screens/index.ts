/** The identity pages, loaded together as one chunk. */
export { AuthStateCheckerPage } from './auth-state-checker-page';
export { BadSessionPage } from './bad-session-page';
export { ErrorFlowPage } from './error-flow-page';
export { RecoveryPage } from './recovery-page';
export { RegistrationPage } from './registration-page';
export { SettingsPage } from './settings-page';
export { VerificationPage } from './verification-page';
