import { Bell, Database, GitBranch, Globe, PlayCircle, RefreshCw, Server, Terminal, Trash2, Wrench, type LucideIcon } from 'lucide-react';
import { createElement } from 'react';
import { cn } from '../../ui/cn';

/** Pictograms by a word of a playbook's icon name, most specific first. */
const BY_WORD: ReadonlyArray<readonly [RegExp, LucideIcon]> = [
  [/restart|reload|refresh|rollout|sync/i, RefreshCw],
  [/delete|trash|clean/i, Trash2],
  [/git|flux|argo/i, GitBranch],
  [/bell|notif|slack|mail|alert/i, Bell],
  [/sql|postgres|mysql|database|db/i, Database],
  [/terminal|bash|shell|exec|script/i, Terminal],
  [/http|web|url|api|globe/i, Globe],
  [/k8s|kubernetes|pod|node|server|host/i, Server],
  [/fix|wrench|tool|repair/i, Wrench],
];

/** A playbook's icon: an image when it names one by URL, else a pictogram of its name. */
export function PlaybookIcon({ icon, className }: { icon: string | null | undefined; className?: string }) {
  const classes = cn('size-6 shrink-0 text-fg-muted', className);
  if (icon && /^(https?:|data:image\/|\/)/.test(icon)) return <img src={icon} alt="" aria-hidden="true" className={classes} />;
  const found = icon ? BY_WORD.find(([pattern]) => pattern.test(icon)) : undefined;
  return createElement(found?.[1] ?? PlayCircle, { 'aria-hidden': true, className: classes });
}
