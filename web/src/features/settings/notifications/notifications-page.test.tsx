import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { dbRoute, paramsOf, renderSettings, replaceEditorText, rows, stubTextLayout } from '../../../test/render-settings';
import { APPLIED, detailOf, RULE } from './test-data';

const PEOPLE = [
  { id: 'p-grace', name: 'Grace Hopper', email: 'grace@example.com', avatar: null },
  { id: 'p-alan', name: 'Alan Turing', email: 'alan@example.com', avatar: null },
];
const TEAMS = [{ id: 't-ops', name: 'Ops', icon: 'group' }];
const CONNECTIONS = [
  { id: 'c-1', name: 'alerts', type: 'slack' },
  { id: 'c-2', name: 'warehouse', type: 'postgres' },
  { id: 'c-3', name: 'mail', type: 'email' },
];

function routes(extra: Parameters<typeof renderSettings>[1] = []) {
  return [
    ...extra,
    dbRoute('GET', 'notifications_summary', () => rows([RULE, APPLIED])),
    dbRoute('GET', 'notifications', (request) => {
      const id = request.url.searchParams.get('id');
      return rows([RULE, APPLIED].filter((row) => `eq.${row.id}` === id).map(detailOf));
    }),
    dbRoute('GET', 'notification_send_history', () => rows([])),
    dbRoute('GET', 'people', () => rows(PEOPLE)),
    dbRoute('GET', 'teams', () => rows(TEAMS)),
    dbRoute('GET', 'connections', () => rows(CONNECTIONS)),
  ];
}

beforeAll(stubTextLayout);

async function pickEvents(user: ReturnType<typeof renderSettings>['user'], dialog: HTMLElement, events: string[]) {
  await user.click(within(dialog).getByRole('button', { name: /^Events/ }));
  const list = await screen.findByRole('group', { name: 'Events' });
  for (const event of events) await user.click(within(list).getByLabelText(event));
  await user.keyboard('{Escape}');
}

describe('/settings/notifications', () => {
  it('lists the rules from notifications_summary with the twelve columns, newest first', async () => {
    const app = renderSettings('/settings/notifications', routes());
    const table = await screen.findByRole('table', { name: 'Notifications' });
    const row = (await within(table).findByText('API is down')).closest('tr')!;
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Recipients',
      'Events',
      'Title',
      'Filter',
      'Pending',
      'Failed',
      'Sent',
      'Avg Duration',
      'Repeat Interval',
      'Created At',
      'Updated At',
      'Created By',
    ]);
    const cells = within(row).getAllByRole('cell').map((td) => td.textContent);
    expect(cells.slice(0, 9)).toEqual(['Ops', 'check.failed', 'API is down', "check.name == 'api'", '1', '3', '12', '1.5s', '1h']);
    expect(within(row).getByText('Grace Hopper')).toBeTruthy();
    const request = app.server.to('/api/db/notifications_summary', 'GET')[0]!;
    expect(paramsOf(request.url)).toMatchObject({ select: '*,created_by(id,name,avatar)', order: 'created_at.desc' });
    expect(request.headers.get('Prefer')).toContain('count=exact');
    const crumb = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Notifications' });
    expect(crumb.getAttribute('href')).toBe('/settings/jobs');
  });

  it('opens the most common error from a failed count, without opening the rule', async () => {
    const app = renderSettings('/settings/notifications', routes());
    await app.user.click(await screen.findByRole('button', { name: '3 failed: show the most common error' }));
    const dialog = await screen.findByRole('dialog', { name: 'Most Common Error' });
    expect(within(dialog).getByText('smtp: 550 mailbox unavailable')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Edit Notification' })).toBeNull();
  });

  it('creates a notification: events required, recipient tabs and script types clear each other', async () => {
    const app = renderSettings('/settings/notifications', routes([dbRoute('POST', 'notifications', () => ({ status: 201 }))]));
    await app.user.click(await screen.findByRole('button', { name: 'Create Notification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Notification' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(app.server.to('/api/db/notifications', 'POST')).toHaveLength(0);

    await pickEvents(app.user, dialog, ['check.failed', 'check.passed']);
    await app.user.type(within(dialog).getByLabelText('Title'), 'Checks');
    // Team, then Person: the team is cleared
    await app.user.click(within(dialog).getByRole('tab', { name: 'Team' }));
    await app.user.selectOptions(await within(dialog).findByLabelText('Team'), 'Ops');
    await app.user.click(within(dialog).getByRole('tab', { name: 'Others' }));
    await app.user.click(within(dialog).getByRole('tab', { name: 'Team' }));
    expect((within(dialog).getByLabelText('Team') as HTMLSelectElement).value).toBe('');
    await app.user.click(within(dialog).getByRole('tab', { name: 'Person' }));
    await waitFor(() => expect(within(dialog).getAllByRole('option', { name: /Alan Turing/ }).length).toBe(1));
    await app.user.selectOptions(within(dialog).getByLabelText('Person'), 'p-alan');
    // Go Template, then Javascript: the template is cleared
    await app.user.click(within(dialog).getByRole('radio', { name: 'Go Template' }));
    await app.user.type(within(dialog).getByLabelText('Template body'), 'hello');
    await app.user.click(within(dialog).getByRole('radio', { name: 'Javascript' }));
    expect((within(dialog).getByLabelText('Template body') as HTMLTextAreaElement).value).toBe('');
    await app.user.type(within(dialog).getByLabelText('Template body'), '"down: " + check.name');
    await app.user.selectOptions(within(dialog).getByLabelText('Repeat Interval'), '6h');
    expect(within(dialog).getAllByRole('option').map((option) => option.textContent).slice(-8)).toEqual(['None', '1h', '2h', '3h', '6h', '1d', '1w', '1m']);
    await replaceEditorText('Properties', '{"channel": "#ops"}');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Notification updated successfully')).toBeTruthy();
    expect(app.server.to('/api/db/notifications', 'POST')[0]?.body).toEqual({
      events: ['check.failed', 'check.passed'],
      title: 'Checks',
      filter: null,
      person_id: 'p-alan',
      repeat_interval: '6h',
      group_by_topology: false,
      group_window: null,
      template: '"down: " + check.name',
      properties: { channel: '#ops', template_type: 'javascript' },
      source: 'UI',
      created_by: 'u1',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(app.server.to('/api/db/notifications_summary', 'GET').length).toBeGreaterThan(1));
  });

  it('offers the events, recipient tabs, script types and repeat intervals of spec 3, in order', async () => {
    const app = renderSettings('/settings/notifications', routes());
    await app.user.click(await screen.findByRole('button', { name: 'Create Notification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Notification' });
    await app.user.click(within(dialog).getByRole('button', { name: /^Events/ }));
    const list = await screen.findByRole('group', { name: 'Events' });
    expect(within(list).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual([
      'check.failed',
      'check.passed',
      'component.healthy',
      'component.unhealthy',
      'component.unknown',
      'component.warning',
      'config.created',
      'config.deleted',
      'config.healthy',
      'config.unhealthy',
      'config.unknown',
      'config.updated',
      'config.warning',
      'playbook.approval.inserted',
      'playbook.spec.approval.updated',
    ]);
    await app.user.keyboard('{Escape}');
    expect(within(dialog).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Person', 'Team', 'Others']);
    expect(within(within(dialog).getByRole('radiogroup', { name: 'Script type' })).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'None',
      'Go Template',
      'Javascript',
      'Expr',
      'JSONPath',
    ]);
    const intervals = within(within(dialog).getByLabelText('Repeat Interval')).getAllByRole('option');
    expect(intervals.map((option) => option.textContent)).toEqual(['None', '1h', '2h', '3h', '6h', '1d', '1w', '1m']);
  });

  it.each([null, ''])('edits a rule whose source is %j like one made in the UI', async (source) => {
    const app = renderSettings(
      '/settings/notifications',
      routes([dbRoute('GET', 'notifications', () => rows([{ ...detailOf(APPLIED), source }]))]),
    );
    await app.user.click(await screen.findByText('Config changes'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Notification' });
    expect(((await within(dialog).findByLabelText('Title')) as HTMLInputElement).value).toBe('Config changes');
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeTruthy();
    expect(within(dialog).queryByRole('note')).toBeNull();
  });

  it('sends to channel connections from Others (only notification channel types offered)', async () => {
    const app = renderSettings('/settings/notifications', routes([dbRoute('POST', 'notifications', () => ({ status: 201 }))]));
    await app.user.click(await screen.findByRole('button', { name: 'Create Notification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Notification' });
    await pickEvents(app.user, dialog, ['config.updated']);
    await app.user.click(within(dialog).getByRole('tab', { name: 'Others' }));
    await app.user.click(await within(dialog).findByRole('button', { name: /^Channels/ }));
    const list = await screen.findByRole('group', { name: 'Channels' });
    expect(within(list).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['alerts (slack)', 'mail (email)']);
    await app.user.click(within(list).getByLabelText('alerts (slack)'));
    await app.user.keyboard('{Escape}');
    expect(paramsOf(app.server.to('/api/db/connections', 'GET')[0]!.url)).toMatchObject({ select: 'name,id,type' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Notification updated successfully');
    expect(app.server.to('/api/db/notifications', 'POST')[0]?.body).toMatchObject({
      custom_services: [{ connection: 'connection://slack/alerts', name: 'alerts' }],
    });
  });

  it('edits a rule from its row: nulls the recipients it no longer has', async () => {
    const app = renderSettings('/settings/notifications', routes([dbRoute('PATCH', 'notifications', () => ({ status: 204 }))]));
    await app.user.click(await screen.findByText('API is down'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Notification' });
    const title = await within(dialog).findByLabelText('Title');
    expect((title as HTMLInputElement).value).toBe('API is down');
    const detail = app.server.to('/api/db/notifications', 'GET').find((request) => request.url.searchParams.get('id') === 'eq.n-1')!;
    expect(paramsOf(detail.url).select).toBe('*,person:person_id(id,name,avatar,email),team:team_id(id,name,icon),created_by(id,name,avatar)');
    // it opens on its Team tab and its Go template
    expect(within(dialog).getByRole('tab', { name: 'Team', selected: true })).toBeTruthy();
    await waitFor(() => expect((within(dialog).getByLabelText('Team') as HTMLSelectElement).value).toBe('t-ops'));
    expect((within(dialog).getByRole('radio', { name: 'Go Template' }) as HTMLInputElement).checked).toBe(true);

    await app.user.click(within(dialog).getByRole('tab', { name: 'Person' }));
    await app.user.selectOptions(within(dialog).getByLabelText('Person'), 'p-grace');
    await app.user.click(within(dialog).getByRole('radio', { name: 'None' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Notification updated successfully')).toBeTruthy();
    const patch = app.server.to('/api/db/notifications', 'PATCH')[0]!;
    expect(paramsOf(patch.url)).toEqual({ id: 'eq.n-1' });
    expect(patch.body).toEqual({
      events: ['check.failed'],
      title: 'API is down',
      filter: "check.name == 'api'",
      person_id: 'p-grace',
      team_id: null,
      custom_services: null,
      repeat_interval: '1h',
      group_by_topology: false,
      group_window: null,
      template: null,
      properties: null,
    });
  });

  it('groups dependent failures under their root when the switch is on, with a window it checks', async () => {
    const app = renderSettings('/settings/notifications', routes([dbRoute('POST', 'notifications', () => ({ status: 201 }))]));
    await app.user.click(await screen.findByRole('button', { name: 'Create Notification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Notification' });
    await pickEvents(app.user, dialog, ['check.failed']);
    expect(within(dialog).queryByLabelText('Group Window')).toBeNull();
    await app.user.click(within(dialog).getByLabelText('Group dependent failures under their root'));
    await app.user.type(within(dialog).getByLabelText('Group Window'), '5 minutes');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a whole number of seconds, minutes or hours, such as 30s, 5m or 1h')).toBeTruthy();
    expect(app.server.to('/api/db/notifications', 'POST')).toHaveLength(0);
    await app.user.clear(within(dialog).getByLabelText('Group Window'));
    await app.user.type(within(dialog).getByLabelText('Group Window'), '2m');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Notification updated successfully')).toBeTruthy();
    expect(app.server.to('/api/db/notifications', 'POST')[0]?.body).toMatchObject({ events: ['check.failed'], group_by_topology: true, group_window: '2m' });
  });

  it('opens a grouping rule with its switch on and its window', async () => {
    const app = renderSettings('/settings/notifications', routes([dbRoute('GET', 'notifications', () => rows([{ ...detailOf(RULE), group_by_topology: true, group_window: '10m' }]))]));
    await app.user.click(await screen.findByText('API is down'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Notification' });
    await waitFor(() => expect((within(dialog).getByLabelText('Group dependent failures under their root') as HTMLInputElement).checked).toBe(true));
    expect((within(dialog).getByLabelText('Group Window') as HTMLInputElement).value).toBe('10m');
  });

  it('shows a rule that did not come from the UI read-only', async () => {
    const app = renderSettings('/settings/notifications', routes());
    await app.user.click(await screen.findByText('Config changes'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Notification' });
    expect(await within(dialog).findByText('This notification comes from KubernetesCRD: it can only be edited there.')).toBeTruthy();
    expect(within(dialog).getByText('config.updated, config.deleted')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Update' })).toBeNull();
    expect(within(dialog).queryByLabelText('Title')).toBeNull();
  });

  it('toasts the server message when saving fails and keeps the dialog open', async () => {
    const app = renderSettings(
      '/settings/notifications',
      routes([dbRoute('POST', 'notifications', () => json({ code: '23514', message: 'new row violates check constraint "notifications_events_check"' }, 400))]),
    );
    await app.user.click(await screen.findByRole('button', { name: 'Create Notification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Notification' });
    await pickEvents(app.user, dialog, ['check.failed']);
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('new row violates check constraint "notifications_events_check"')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Create Notification' })).toBeTruthy();
  });

  it('toasts the error when the connections cannot be loaded', async () => {
    const app = renderSettings('/settings/notifications', routes([dbRoute('GET', 'connections', () => json({ message: 'permission denied for connections' }, 403))]));
    await app.user.click(await screen.findByRole('button', { name: 'Create Notification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Notification' });
    await app.user.click(within(dialog).getByRole('tab', { name: 'Others' }));
    expect(await screen.findByText('permission denied for connections')).toBeTruthy();
  });

  it('offers no create and no editing without write permission on notifications', async () => {
    const app = renderSettings('/settings/notifications', routes(), { roles: ['responder'] });
    await app.user.click(await screen.findByText('API is down'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Notification' });
    expect(await within(dialog).findByText('You may not change notifications.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Notification' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Update' })).toBeNull();
  });
});
