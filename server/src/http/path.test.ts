import { describe, expect, it } from 'vitest';
import { normalisedPath, routerPath } from './path.js';

describe('routerPath', () => {
  it('decodes like the router: reserved characters stay encoded', () => {
    expect(routerPath('/%61pi/schemas/canary.schema.json?x=%61')).toBe('/api/schemas/canary.schema.json');
    expect(routerPath('/api%2Fdb/people')).toBe('/api%2Fdb/people');
    expect(routerPath('/a/%E0%A4%A')).toBe('/a/%E0%A4%A');
  });
});

describe('normalisedPath', () => {
  it.each([
    ['/%61pi/schemas/x', '/api/schemas/x'],
    ['/api%2Fdb/people', '/api/db/people'],
    ['//api//db/', '/api/db/'],
    ['/x/../api/./db', '/api/db'],
    ['/../../api', '/api'],
    ['/api/.ory/%2e%2e/db', '/api/db'],
    ['/', '/'],
    ['/a/..', '/'],
  ])('%s → %s', (url, path) => {
    expect(normalisedPath(url)).toBe(path);
  });
});
