import { EditorView } from '@codemirror/view';
import type { FeatureProperty, Role } from '@pharos/core';
import { act, screen } from '@testing-library/react';
import { signedInRoutes } from '../app/testing/shell-stubs';
import { stubFetch, type StubResponse, type StubRoute } from './fetch-stub';
import { renderApp } from './render-app';

export const DB = '/api/db';

/** A data-service answer: the rows and their Content-Range. */
export function rows(data: readonly unknown[], total = data.length, offset = 0): StubResponse {
  const range = data.length === 0 ? `*/${total}` : `${offset}-${offset + data.length - 1}/${total}`;
  return { status: 200, body: data, headers: { 'Content-Range': range } };
}

/** A data-service path with any query: `/api/db/{relation}?…` for the given method. */
export function dbRoute(method: string, relation: string, respond: StubRoute['respond']): StubRoute {
  return { method, path: new RegExp(`^${DB}/${relation}(\\?|$)`), respond };
}

export interface RenderSettingsOptions {
  /** The signed-in user's roles (default admin). */
  roles?: Role[];
  /** The feature flags the shell loads. */
  properties?: FeatureProperty[];
}

/**
 * Renders the app at `url` (the route map, inside the shell) for a user with `roles`, answering
 * the given routes first and then the shell's own calls.
 */
export function renderSettings(url: string, routes: StubRoute[], options: RenderSettingsOptions = {}) {
  const server = stubFetch([...routes, ...signedInRoutes({ roles: options.roles ?? ['admin'], properties: options.properties ?? [] })]);
  const app = renderApp(url);
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
