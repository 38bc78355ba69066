import { NavLink } from 'react-router';
import { cn } from '../../ui/cn';

const TABS = [
  { label: 'Catalog', path: '/catalog', keepsType: true },
  { label: 'Changes', path: '/catalog/changes', keepsType: true },
  { label: 'Insights', path: '/catalog/insights', keepsType: true },
  { label: 'Scrapers', path: '/catalog/scrapers', keepsType: false },
] as const;

/** The catalog's tabs as links; each keeps the configType filter except Scrapers. */
export function CatalogTabs({ configType }: { configType: string }) {
  return (
    <nav aria-label="Catalog" className="flex gap-1 border-b border-border">
      {TABS.map((tab) => (
        <NavLink
          key={tab.path}
          end
          to={tab.keepsType && configType ? `${tab.path}?${new URLSearchParams({ configType }).toString()}` : tab.path}
          className={({ isActive }) =>
            cn(
              '-mb-px inline-flex h-9 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap',
              isActive ? 'border-accent text-fg' : 'border-transparent text-fg-muted hover:text-fg',
            )
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
