import { CircleHelp } from 'lucide-react';
import { lazy } from 'react';
import { DeferredMenu } from './deferred-menu';
import { iconButtonClass } from './menu-styles';

export { DOCS_LINKS } from './docs-links';

const DocsMenuContent = lazy(() => import('./docs-menu-content'));

export function DocsMenu() {
  const trigger = (
    <button type="button" aria-label="Documentation" title="Documentation" className={iconButtonClass}>
      <CircleHelp className="size-[1.125rem]" aria-hidden="true" />
    </button>
  );
  return <DeferredMenu trigger={trigger} menu={(opened) => <DocsMenuContent trigger={trigger} defaultOpen={opened} />} />;
}
