import { EditorView } from '@codemirror/view';
import { permissionsFor, type Role } from '@pharos/core';
import { act, screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { AuthGate } from '../../../app/auth-gate';
import { json, stubFetch, type StubResponse, type StubRoute } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { WHOAMI_PATH } from '../../auth/api/session';
import {
  FeatureFlagsPage,
  SettingsResourceDetailPage,
  SettingsResourceListPage,
  TeamDetailPage,
  TeamsPage,
  UsersPage,
} from '../index';

export const DB = '/api/db';
export const ADMIN_ID = '11111111-1111-4111-8111-111111111111';

/** The routes of the settings screens, behind the auth gate as in the app. */
export const settingsRoutes: RouteObject[] = [
  {
    element: <AuthGate />,
    children: [
      { path: 'settings/feature-flags', element: <FeatureFlagsPage /> },
      { path: 'settings/users', element: <UsersPage /> },
      { path: 'settings/teams', element: <TeamsPage /> },
      { path: 'settings/teams/:id', element: <TeamDetailPage /> },
      { path: 'settings/:table', element: <SettingsResourceListPage /> },
      { path: 'settings/:table/:id', element: <SettingsResourceDetailPage /> },
    ],
  },
];

/** `GET /api/auth/whoami` of a user with these roles. */
export function whoami(roles: Role[]) {
  return {
    user: { id: ADMIN_ID, name: 'Ada Admin', email: 'ada@example.com', avatar: null, roles },
    permissions: permissionsFor(roles),
  };
}

/** A data-service answer: the rows and their Content-Range. */
export function rows(data: readonly unknown[], total = data.length, offset = 0): StubResponse {
  const range = data.length === 0 ? `*/${total}` : `${offset}-${offset + data.length - 1}/${total}`;
  return { status: 200, body: data, headers: { 'Content-Range': range } };
}

/** A data-service path with any query: `/api/db/{relation}?…` for the given method. */
export function dbRoute(method: string, relation: string, respond: StubRoute['respond']): StubRoute {
  return { method, path: new RegExp(`^${DB}/${relation}(\\?|$)`), respond };
}

/** Renders the settings screens at `url` for a user with `roles`, answering the given routes. */
export function renderSettings(url: string, routes: StubRoute[], options: { roles?: Role[] } = {}) {
  const server = stubFetch([{ path: WHOAMI_PATH, respond: () => json(whoami(options.roles ?? ['admin'])) }, ...routes]);
  const app = renderApp(url, { routes: settingsRoutes });
  return { ...app, server };
}

/** The query parameters of a recorded request, as a plain object. */
export function paramsOf(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams.entries());
}

/** jsdom has no layout; CodeMirror measures text ranges. Call in beforeAll. */
export function stubTextLayout(): void {
  const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getBoundingClientRect = () => rect as DOMRect;
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
}

/** Replaces the whole text of the code editor named `label`, as typing would. */
export async function replaceEditorText(label: string, text: string): Promise<void> {
  const content = await screen.findByRole('textbox', { name: label });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error(`no editor named ${label}`);
  act(() => {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input.type' });
  });
}
