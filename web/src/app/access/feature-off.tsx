import { PowerOff } from 'lucide-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../ui/use-document-title';

export const FEATURE_OFF_MESSAGE = 'This feature is turned off';

/**
 * A screen of a disabled feature. Those who can change feature flags are told which flag turned it
 * off (and where to change it); everyone else only that it is off, not that they lack permission.
 */
export function FeatureOffPage({ flag, showFlag }: { flag: string | undefined; showFlag: boolean }) {
  useDocumentTitle('Feature turned off');
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <PowerOff className="size-10 text-fg-muted" aria-hidden="true" />
      <h1 className="text-lg font-semibold text-fg">{FEATURE_OFF_MESSAGE}</h1>
      {showFlag && flag ? (
        <p className="text-sm text-fg-muted">
          The feature flag <code className="rounded bg-surface-muted px-1 font-mono">{flag}</code> is set to true. Remove it or set it to
          false in <Link to="/settings/feature-flags" className="text-accent underline-offset-2 hover:underline">Feature Flags</Link> to turn the
          feature on.
        </p>
      ) : (
        <p className="text-sm text-fg-muted">An administrator has turned this feature off.</p>
      )}
    </div>
  );
}
