import { CANARY_SCHEMA } from '@pharos/core';
import { screen, within } from '@testing-library/react';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { signedInRoutes } from '../../../app/testing/shell-stubs';
import { stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { CANARY_EXAMPLE } from './canary-guide-page';
import { GUIDE_CHECK_TYPES } from './check-types';

const validateSpec = new Ajv({ allErrors: true, strict: false, validateFormats: false }).compile(CANARY_SCHEMA);

describe('/canary-checker', () => {
  it('is Pharos’s page on writing canaries, with every check type that runs, its fields, variables and example', async () => {
    stubFetch(signedInRoutes({ roles: ['editor'] }));
    renderApp('/canary-checker');
    expect(await screen.findByRole('heading', { level: 1, name: 'Writing canaries' })).toBeTruthy();
    expect(screen.queryByText(/Page not found/i)).toBeNull();
    for (const title of ['The shape of a canary', 'Schedules', 'Check types', 'Test, display and transform', 'Connections and secrets', 'Applying']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeTruthy();
    }
    for (const type of ['http', 'tcp', 'dns', 'exec', 'sql', 'redis', 'prometheus', 'icmp', 'ldap', 'alertManager', 'elasticsearch', 'mongo', 'folder', 'junit', 'webhook', 'catalog']) {
      const section = screen.getByRole('region', { name: `${type} check` });
      expect(within(section).getByRole('table', { name: `${type} variables` })).toBeTruthy();
      expect(within(section).getByLabelText(`${type} example`).textContent).toContain('name:');
    }
    expect(screen.getByRole('table', { name: 'http variables' }).textContent).toContain('sslAge');
    expect(screen.getByLabelText('Commands').textContent).toContain('pharos apply -f');
    const others = screen.getByText(/Other types are accepted and saved/).textContent;
    expect(others).toContain('kubernetes');
    expect(others).not.toContain('icmp');
  });

  it('shows examples that are canaries the schema accepts', () => {
    const canary = parse(CANARY_EXAMPLE) as { kind: string; spec: unknown };
    expect(canary.kind).toBe('Canary');
    expect(validateSpec(canary.spec), JSON.stringify(validateSpec.errors)).toBe(true);
    for (const type of GUIDE_CHECK_TYPES) {
      const spec = parse(type.example) as Record<string, unknown>;
      // webhook is one object; every other type is a list
      if (type.type !== 'webhook') expect(Object.values(spec)[0], type.type).toHaveLength(1);
      expect(validateSpec(spec), `${type.type}: ${JSON.stringify(validateSpec.errors)}`).toBe(true);
    }
  });
});
