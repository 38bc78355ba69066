import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { dbRoute, renderSettings, rows, stubTextLayout } from '../../../test/render-settings';

beforeAll(stubTextLayout);

const ID = '7a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const LOKI = { id: ID, name: 'loki-prod', namespace: 'default', labels: { team: 'ops' }, source: null, spec: { loki: { url: 'http://loki:3100', selector: '{app="api"}' } }, created_at: '2026-11-25T09:00:00Z', updated_at: '2026-11-25T09:00:00Z' };
const FROM_FILE = { ...LOKI, name: 'files-from-yaml', source: 'ConfigFile:/etc/pharos/logs.yaml', spec: { file: { paths: ['/var/log/app.log'] } } };

function open(url: string, backend: Record<string, unknown> = LOKI) {
  return renderSettings(url, [
    dbRoute('GET', 'logging_backends_with_status', () => rows([])),
    dbRoute('GET', 'logging_backends', () => rows([backend])),
    dbRoute('POST', 'logging_backends', () => json([{ id: ID, name: 'app-files' }], 201)),
    dbRoute('PATCH', 'logging_backends', () => json([{ id: ID, name: String(backend['name']) }])),
    dbRoute('GET', 'job_histories', () => rows([])),
  ]);
}

const saveButton = (within_: ReturnType<typeof within>, name = 'Save') => within_.getByRole('button', { name }) as HTMLButtonElement;

describe('the log backend form', () => {
  it('adds a file backend with its own dialog: validated from the start, Save disabled until the name and the paths are given', async () => {
    const app = open('/settings/logging_backends');
    await app.user.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Log Backend' }));
    const kind = dialog.getByLabelText('Kind') as HTMLSelectElement;
    expect([...kind.options].map((option) => option.textContent)).toEqual(['Choose a kind', 'Files', 'PostgreSQL', 'Loki', 'OpenSearch', 'Elasticsearch', 'Kubernetes']);
    // On mount: the name and the kind are required, each says so, and Save is disabled.
    const name = dialog.getAllByLabelText(/^Name/)[0]!;
    const messageOf = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(messageOf(name)).toBe('This field is required');
    expect(messageOf(kind)).toBe('This field is required');
    expect(kind.getAttribute('aria-invalid')).toBe('true');
    expect(saveButton(dialog).disabled).toBe(true);

    // A name alone is not a backend: Save stays disabled until a kind is chosen.
    await app.user.type(name, 'app-files');
    expect(messageOf(kind)).toBe('This field is required');
    expect(saveButton(dialog).disabled).toBe(true);

    await app.user.selectOptions(kind, 'Files');
    expect(kind.getAttribute('aria-invalid')).toBeNull();
    expect(dialog.getByText('This field is required')).toBeTruthy();
    expect(saveButton(dialog).disabled).toBe(true);
    await app.user.type(dialog.getByLabelText(/^Paths/), 'app.log');
    expect(dialog.queryByText('This field is required')).toBeNull();
    expect(dialog.getByRole('list', { name: 'Problems in the backend' }).textContent).toBe('app.log is not an absolute path');
    expect(saveButton(dialog).disabled).toBe(true);
    await app.user.clear(dialog.getByLabelText(/^Paths/));
    await app.user.type(dialog.getByLabelText(/^Paths/), '/var/log/app/*.log, /tmp/extra.log');
    expect(dialog.queryByRole('list', { name: 'Problems in the backend' })).toBeNull();
    await app.user.selectOptions(dialog.getByLabelText('Line format'), 'json');

    // Labels map names to text: a nested mapping is refused on the field.
    const labels = dialog.getAllByRole('textbox', { name: 'Labels' })[0]!;
    await app.user.click(labels);
    await app.user.paste('team:\n  name: ops');
    expect(await dialog.findByText('Labels map names to text: team is not text')).toBeTruthy();
    expect(saveButton(dialog).disabled).toBe(true);
    await app.user.clear(labels);
    expect(dialog.queryByText(/^Labels map names to text/)).toBeNull();

    await app.user.click(saveButton(dialog));
    expect(await screen.findByText('app-files created successfully')).toBeTruthy();
    expect(app.server.to('/api/db/logging_backends', 'POST')[0]?.body).toEqual({
      name: 'app-files',
      source: null,
      labels: {},
      spec: { file: { paths: ['/var/log/app/*.log', '/tmp/extra.log'], format: 'json' } },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('adds a kubernetes backend: pod logs of a namespace and label selector through a kubernetes connection', async () => {
    const app = open('/settings/logging_backends');
    await app.user.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Log Backend' }));
    await app.user.type(dialog.getAllByLabelText(/^Name/)[0]!, 'cluster-pods');
    await app.user.selectOptions(dialog.getByLabelText('Kind') as HTMLSelectElement, 'Kubernetes');
    // Every field is optional: the pod Pharos runs in, every namespace, every pod.
    expect(saveButton(dialog).disabled).toBe(false);
    await app.user.type(dialog.getByLabelText('Connection'), 'connection://default/prod-cluster');
    await app.user.type(dialog.getByLabelText('Namespace'), 'shop');
    await app.user.type(dialog.getByLabelText('Label selector'), 'app=web');
    await app.user.type(dialog.getByLabelText('Container'), 'nginx');
    await app.user.click(saveButton(dialog));
    expect(await screen.findByText('app-files created successfully')).toBeTruthy();
    expect(app.server.to('/api/db/logging_backends', 'POST')[0]?.body).toEqual({
      name: 'cluster-pods',
      source: null,
      labels: {},
      spec: { kubernetes: { connection: 'connection://default/prod-cluster', namespace: 'shop', labelSelector: 'app=web', container: 'nginx' } },
    });
  });

  it('edits a saved backend with the fields of its kind and updates it', async () => {
    const app = open(`/settings/logging_backends/${ID}`);
    const form = within(await screen.findByRole('form', { name: 'Edit loki-prod' }));
    expect((form.getByLabelText('Kind') as HTMLSelectElement).value).toBe('loki');
    expect((form.getByLabelText('URL') as HTMLInputElement).value).toBe('http://loki:3100');
    const selector = form.getByLabelText('Stream selector') as HTMLInputElement;
    expect(selector.value).toBe('{app="api"}');
    expect((form.getAllByLabelText(/^Name/)[0] as HTMLInputElement).disabled).toBe(true);
    // Where to connect is needed: without a URL or a connection, Update is disabled and says why.
    await app.user.clear(form.getByLabelText('URL'));
    expect(form.getByRole('list', { name: 'Problems in the backend' }).textContent).toBe('url or connection is required');
    expect(saveButton(form, 'Update').disabled).toBe(true);
    await app.user.type(form.getByLabelText('Connection'), 'connection://default/loki');
    await app.user.clear(selector);
    await app.user.type(selector, '{{app="api", env="prod"}');
    await app.user.click(saveButton(form, 'Update'));
    expect(await screen.findByText('loki-prod updated successfully')).toBeTruthy();
    expect(app.server.to('/api/db/logging_backends', 'PATCH')[0]?.body).toEqual({
      source: null,
      labels: { team: 'ops' },
      spec: { loki: { connection: 'connection://default/loki', selector: '{app="api", env="prod"}' } },
    });
    expect(app.location()).toBe('/settings/logging_backends');
  });

  it('hides the submit buttons of a backend with a source and says where it is linked to', async () => {
    open(`/settings/logging_backends/${ID}`, FROM_FILE);
    const form = within(await screen.findByRole('form', { name: 'Edit files-from-yaml' }));
    const banner = form.getByRole('note');
    expect(banner.textContent).toBe('Linked to local file/etc/pharos/logs.yaml');
    expect(form.queryByRole('button', { name: 'Update' })).toBeNull();
    expect(form.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect((form.getByLabelText(/^Paths/) as HTMLInputElement).disabled).toBe(true);
  });
});
