import { Link } from 'react-router';
import { linkClass } from '../../../ui/link-styles';
import type { CheckDetail } from './drawer-api';

function Related({ title, items, path }: { title: string; items: readonly { id: string; name: string | null; type: string | null }[]; path: (id: string) => string }) {
  return (
    <section aria-label={title} className="flex flex-col gap-1">
      <h4 className="text-xs font-medium text-fg-muted">{title}</h4>
      {items.length === 0 ? (
        <p className="text-sm text-fg-muted">None</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {items.map((item) => (
            <li key={item.id} className="text-sm">
              <Link to={path(item.id)} className={linkClass}>
                {item.name ?? item.id}
              </Link>
              {item.type && <span className="ml-2 text-xs text-fg-muted">{item.type}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Relationships: the components (→ /topology/{id}) and configs (→ /catalog/{id}) the check is linked to. */
export function RelationshipsTab({ detail }: { detail: CheckDetail }) {
  return (
    <div className="flex flex-col gap-4">
      <Related title="Components" items={detail.components} path={(id) => `/topology/${encodeURIComponent(id)}`} />
      <Related title="Configs" items={detail.configs} path={(id) => `/catalog/${encodeURIComponent(id)}`} />
    </div>
  );
}
