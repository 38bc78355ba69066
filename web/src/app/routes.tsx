import { lazy, type ComponentType } from 'react';
import { Navigate, useLocation, type Params, type RouteObject } from 'react-router';
import { loadAppModule } from '../ui/app-update';
import { AuthGate } from './auth-gate';
import { FlagsGate } from './flags-gate';
import { LoadAsDocument } from './load-as-document';
import { NotFoundPage } from './not-found-page';
import { RootLayout, RouteError } from './root-layout';
import { NOT_FOUND, type Crumb, type RouteHandle } from './route-handle';
import { SCREENS, settingsTableScreen, type Screen, type ScreenAccess } from './screens';
import { SettingsIndex } from './settings-index';
import { BareLayout, ShellLayout } from './shell-layout';

/** A page component loaded with its route (code splitting); a file gone after a deploy marks the app stale. */
export function page(load: () => Promise<ComponentType>) {
  const Component = lazy(async () => ({ default: await loadAppModule(load) }));
  return <Component />;
}

const auth = () => import('../features/auth/screens');
const settings = () => import('../features/settings');
const health = () => import('../features/health');
const topology = () => import('../features/topology');
// One element for /topology and /topology/{id}, so following a card keeps the dashboard mounted.
const topologyPage = page(() => topology().then((m) => m.TopologyPage));
const catalogChanges = () => import('../features/catalog/changes');
const catalogInsights = () => import('../features/catalog/insights');
// One element for /catalog/{id} and its tabs, so moving between tabs keeps the page mounted.
const configDetailPage = page(() => import('../features/catalog/detail').then((m) => m.ConfigDetailPage));
const catalogScrapers = () => import('../features/catalog/scrapers');

/** Redirects to `to`, keeping the query string (e.g. /configs?configType=… → /catalog?configType=…). */
function RedirectKeepingQuery({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={`${to}${search}${hash}`} replace />;
}

const SETTINGS: Crumb = { label: 'Settings' };

/** The breadcrumb of a screen: its name linking to its list, under Settings for settings screens. */
function crumbsOf(screen: Screen): Crumb[] {
  const own = { label: screen.name, to: screen.path };
  return screen.path.startsWith('/settings/') ? [SETTINGS, own] : [own];
}

interface ScreenRouteOptions {
  /** The route parameter naming the item of a detail page; it ends the breadcrumb. */
  detail?: string;
  /** Access other than the screen's (e.g. write). */
  access?: ScreenAccess;
  crumbs?: (params: Params) => Crumb[];
}

/** A route of the shell with the screen's access and breadcrumb. */
function screenRoute(path: string, screen: Screen, element: RouteObject['element'], options: ScreenRouteOptions = {}): RouteObject {
  const access = options.access ?? screen;
  const { detail } = options;
  const crumbs =
    options.crumbs ?? ((params: Params) => (detail === undefined ? crumbsOf(screen) : [...crumbsOf(screen), { label: params[detail] ?? '' }]));
  const handle: RouteHandle = { access: () => access, crumbs };
  return { path, element, handle };
}

/** Tabs of a catalog item's detail page (/catalog/{id}/{tab}). */
const CATALOG_ITEM_TABS = ['changes', 'insights', 'relationships', 'playbooks', 'checks'] as const;

/** The breadcrumb of a tab of the catalog (Changes, Insights): Catalog, then the tab. */
const catalogTabCrumbs = (tab: string): Crumb[] => [{ label: SCREENS.catalog.name, to: SCREENS.catalog.path }, { label: tab }];

const tabLabel = (tab: string) => tab.charAt(0).toUpperCase() + tab.slice(1);

/** `/settings/{table}` and `/settings/{table}/{id}` for the generic resources; other names are not found. */
const genericSettingsHandle = (detail: boolean): RouteHandle => ({
  access: (params) => settingsTableScreen(params['table']) ?? NOT_FOUND,
  crumbs: (params) => {
    const screen = settingsTableScreen(params['table']);
    if (!screen) return [SETTINGS];
    return detail ? [...crumbsOf(screen), { label: params['id'] ?? '' }] : crumbsOf(screen);
  },
});

/** The screens inside the shell (sidebar and header). */
const shellScreens: RouteObject[] = [
  // Topology (spec 2): the card dashboard
  screenRoute('topology', SCREENS.dashboard, topologyPage),
  screenRoute('topology/:id', SCREENS.dashboard, topologyPage, { detail: 'id' }),

  screenRoute('health', SCREENS.health, page(() => health().then((m) => m.HealthPage))),
  // The help link of 'Add Health Check' (spec 3, section 2.1): how to write the canaries Pharos runs.
  screenRoute(
    'canary-checker',
    { ...SCREENS.health, name: 'Writing canaries', path: '/canary-checker' },
    page(() => import('../features/health/canary-guide/canary-guide-page').then((m) => m.CanaryGuidePage)),
  ),
  screenRoute(
    'health/sla',
    { ...SCREENS.health, name: 'SLA report', path: '/health/sla' },
    page(() => import('../features/health/sla/sla-report-page').then((m) => m.SlaReportPage)),
  ),

  screenRoute('incidents', SCREENS.incidents, page(() => import('../features/incidents').then((m) => m.IncidentsPage))),
  screenRoute('incidents/:id', SCREENS.incidents, page(() => import('../features/incidents').then((m) => m.IncidentDetailPage)), { detail: 'id' }),

  // Catalog (spec 2)
  screenRoute('catalog', SCREENS.catalog, page(() => import('../features/catalog/list').then((m) => m.CatalogListPage))),
  screenRoute('catalog/changes', SCREENS.catalog, page(() => catalogChanges().then((m) => m.CatalogChangesPage)), { crumbs: () => catalogTabCrumbs('Changes') }),
  screenRoute('catalog/insights', SCREENS.catalog, page(() => catalogInsights().then((m) => m.CatalogInsightsPage)), { crumbs: () => catalogTabCrumbs('Insights') }),
  screenRoute('catalog/scrapers', SCREENS.catalogScrapers, page(() => catalogScrapers().then((m) => m.ScrapersListPage))),
  screenRoute('catalog/scrapers/:id', SCREENS.catalogScrapers, page(() => catalogScrapers().then((m) => m.ScraperDetailPage)), { detail: 'id' }),
  screenRoute('catalog/:id', SCREENS.catalog, configDetailPage, { detail: 'id' }),
  ...CATALOG_ITEM_TABS.map((tab) =>
    screenRoute(`catalog/:id/${tab}`, SCREENS.catalog, configDetailPage, {
      crumbs: (params) => [
        { label: SCREENS.catalog.name, to: SCREENS.catalog.path },
        { label: params['id'] ?? '', to: `/catalog/${params['id'] ?? ''}` },
        { label: tabLabel(tab) },
      ],
    }),
  ),
  { path: 'configs', element: <RedirectKeepingQuery to="/catalog" /> },

  // Playbooks (spec 2)
  screenRoute('playbooks', SCREENS.playbooks, page(() => import('../features/playbooks').then((m) => m.PlaybooksPage))),
  screenRoute('playbooks/runs', SCREENS.playbookRuns, page(() => import('../features/playbooks/runs').then((m) => m.PlaybookRunsPage))),
  screenRoute('playbooks/runs/:id', SCREENS.playbookRuns, page(() => import('../features/playbooks/runs').then((m) => m.PlaybookRunPage)), { detail: 'id' }),
  screenRoute('playbooks/:id', SCREENS.playbooks, page(() => import('../features/playbooks').then((m) => m.PlaybooksPage)), { detail: 'id' }),

  screenRoute('logs', SCREENS.logs, page(() => import('../features/logs').then((m) => m.LogsPage))),

  // Settings (spec 3; agents in spec 1)
  { path: 'settings', element: <SettingsIndex /> },
  screenRoute('settings/connections', SCREENS.connections, page(() => settings().then((m) => m.ConnectionsPage))),
  screenRoute('settings/jobs', SCREENS.jobs, page(() => settings().then((m) => m.JobsHistoryPage))),
  screenRoute('settings/notifications', SCREENS.notifications, page(() => settings().then((m) => m.NotificationsPage))),
  screenRoute('settings/feature-flags', SCREENS.featureFlags, page(() => settings().then((m) => m.FeatureFlagsPage))),
  screenRoute('settings/logging_backends', SCREENS.logBackends, page(() => settings().then((m) => m.LogBackendsPage))),
  screenRoute('settings/logging_backends/:id', SCREENS.logBackends, page(() => settings().then((m) => m.LogBackendDetailPage)), { detail: 'id' }),
  screenRoute('settings/event-queue-status', SCREENS.eventQueue, page(() => settings().then((m) => m.EventQueuePage))),
  screenRoute('settings/agents', SCREENS.agents, page(() => settings().then((m) => m.AgentsPage))),
  screenRoute('settings/integrations', SCREENS.integrations, page(() => settings().then((m) => m.IntegrationsPage))),
  // The integration detail needs write access (spec 3, section 2.5).
  screenRoute('settings/integrations/:type/:id', SCREENS.integrations, page(() => settings().then((m) => m.IntegrationDetailPage)), {
    detail: 'id',
    access: { ...SCREENS.integrations, action: 'write' },
  }),
  screenRoute('settings/organization', SCREENS.organizationProfile, page(() => settings().then((m) => m.OrganizationProfilePage))),
  screenRoute('settings/users', SCREENS.users, page(() => settings().then((m) => m.UsersPage))),
  screenRoute('settings/teams', SCREENS.teams, page(() => settings().then((m) => m.TeamsPage))),
  screenRoute('settings/teams/:id', SCREENS.teams, page(() => settings().then((m) => m.TeamDetailPage)), { detail: 'id' }),
  screenRoute('settings/topologies', SCREENS.topologies, page(() => settings().then((m) => m.TopologiesPage))),
  screenRoute('settings/topologies/:id', SCREENS.topologies, page(() => settings().then((m) => m.TopologyDetailPage)), { detail: 'id' }),
  screenRoute('settings/canaries/:id', SCREENS.healthChecks, page(() => settings().then((m) => m.HealthCheckDetailPage)), {
    detail: 'id',
  }),
  {
    path: 'settings/:table',
    element: page(() => settings().then((m) => m.SettingsResourceListPage)),
    handle: genericSettingsHandle(false),
  },
  {
    path: 'settings/:table/:id',
    element: page(() => settings().then((m) => m.SettingsResourceDetailPage)),
    handle: genericSettingsHandle(true),
  },

  // After an organization switch or creation: the page was loaded afresh, so `/` is the new organization's.
  { path: 'organizations/orgs-switched', element: <Navigate to="/" replace /> },

  { path: '*', element: <NotFoundPage />, handle: { crumbs: () => [{ label: 'Not found' }] } },
];

/** The route map. Identity pages are public; everything else sits behind the auth gate. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      // The sign-in page is its own small app (login-app.tsx): reached in the app, it loads as a document.
      { path: 'login', element: <LoadAsDocument /> },
      { path: 'registration', element: page(() => auth().then((m) => m.RegistrationPage)) },
      { path: 'recovery', element: page(() => auth().then((m) => m.RecoveryPage)) },
      { path: 'verification', element: page(() => auth().then((m) => m.VerificationPage)) },
      { path: 'profile-settings', element: page(() => auth().then((m) => m.SettingsPage)) },
      { path: 'auth-state-checker', element: page(() => auth().then((m) => m.AuthStateCheckerPage)) },
      { path: 'bad-session', element: page(() => auth().then((m) => m.BadSessionPage)) },
      { path: 'error', element: page(() => auth().then((m) => m.ErrorFlowPage)) },
      { path: 'error/:id', element: page(() => auth().then((m) => m.ErrorFlowPage)) },
      {
        element: <AuthGate />,
        children: [
          { index: true, element: <Navigate to="/topology" replace /> },
          {
            // Routes wait until the feature flags have loaded.
            element: <FlagsGate />,
            children: [
              { element: <ShellLayout />, children: shellScreens },
              {
                element: <BareLayout />,
                children: [screenRoute('view/topology/:id', SCREENS.dashboard, page(() => topology().then((m) => m.TopologyViewPage)), { detail: 'id' })],
              },
            ],
          },
        ],
      },
    ],
  },
];
