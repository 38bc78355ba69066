import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { clearToasts } from '../../../ui/toast/toast-store';
import { dbRoute, paramsOf, renderSettings } from '../../../test/render-settings';
import { responderRoutes } from './testing';

afterEach(() => {
  clearToasts();
  vi.restoreAllMocks();
});

// The detail page loads its code lazily: slow on a busy machine.
const PAGE_LOAD = { timeout: 15_000 };
const posts = (app: ReturnType<typeof renderSettings>) => app.server.to('/api/db/responders', 'POST');

async function openDialog(app: ReturnType<typeof renderSettings>) {
  await app.user.click(await screen.findByRole('button', { name: 'Add responder' }, PAGE_LOAD));
  return screen.findByRole('dialog', { name: 'Add responder' });
}

/** Opens the dialog and picks the Payments team and `client`: the Save Team Responder step. */
async function teamResponderForm(app: ReturnType<typeof renderSettings>, client: string) {
  const dialog = await openDialog(app);
  await within(dialog).findByRole('option', { name: 'Payments' });
  await app.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Team' }), 'Payments');
  await app.user.click(within(dialog).getByRole('button', { name: 'Next' }));
  await app.user.click(within(dialog).getByRole('radio', { name: client }));
  await app.user.click(within(dialog).getByRole('button', { name: 'Next' }));
  return { dialog, form: within(dialog).getByRole('form', { name: 'Save Team Responder' }) };
}

const currentStep = (dialog: HTMLElement) => within(dialog).getByRole('list', { name: 'Steps' }).querySelector('[aria-current="step"]')!.textContent;

const JIRA_OPTIONS = {
  '': { fields: { project: [{ value: 'PAY', label: 'Payments' }, { value: 'OPS', label: 'Operations' }] } },
  PAY: {
    fields: {
      project: [{ value: 'PAY', label: 'Payments' }],
      issueType: [{ value: '10001', label: 'Incident' }],
      priority: [{ value: '2', label: 'High' }],
    },
  },
};

describe('the add-responder dialog', () => {
  it('adds a team responder: team, then its type, then every field required', async () => {
    const app = renderSettings('/incidents/i1', responderRoutes([]));
    const dialog = await openDialog(app);
    expect(currentStep(dialog)).toBe('1. Select Responder');
    const next = within(dialog).getByRole('button', { name: 'Next' });
    expect((next as HTMLButtonElement).disabled).toBe(true);
    await within(dialog).findByRole('option', { name: 'Payments' });
    await app.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Team' }), 'Payments');
    expect((next as HTMLButtonElement).disabled).toBe(false);
    await app.user.click(next);

    expect(currentStep(dialog)).toBe('2. Responder Type');
    expect(within(dialog).getAllByRole('radio').map((radio) => radio.closest('label')!.textContent)).toEqual(['Email', 'Jira', 'Microsoft Planner']);
    const typeNext = within(dialog).getByRole('button', { name: 'Next' });
    expect((typeNext as HTMLButtonElement).disabled).toBe(true);
    await app.user.click(within(dialog).getByRole('radio', { name: 'Email' }));
    await app.user.click(typeNext);

    expect(currentStep(dialog)).toBe('3. Save Team Responder');
    const form = within(dialog).getByRole('form', { name: 'Save Team Responder' });
    // The team's default recipient is filled in.
    expect((within(form).getByRole('textbox', { name: 'To' }) as HTMLInputElement).value).toBe('oncall@example.com');
    await app.user.clear(within(form).getByRole('textbox', { name: 'To' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(form).getAllByText('Please provide valid value')).toHaveLength(3);
    expect(posts(app)).toHaveLength(0);

    await app.user.type(within(form).getByRole('textbox', { name: 'To' }), 'payments@example.com');
    await app.user.type(within(form).getByRole('textbox', { name: 'Subject' }), 'Checkout is down');
    await app.user.type(within(form).getByRole('textbox', { name: 'Body' }), 'Orders fail since 10:00');
    expect(within(form).queryByText('Please provide valid value')).toBeNull();
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Responder added successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(app)[0]!.body).toEqual({
      incident_id: 'i1',
      team_id: 't1',
      type: 'system',
      properties: { responderType: 'email', to: 'payments@example.com', subject: 'Checkout is down', body: 'Orders fail since 10:00' },
    });
    await waitFor(() => expect(app.server.to('/api/db/responders', 'GET').length).toBeGreaterThan(1));
  });

  it('goes back a step, says when a team has no clients and scrolls a list of more than six types', async () => {
    const app = renderSettings('/incidents/i1', responderRoutes([]));
    const dialog = await openDialog(app);
    await within(dialog).findByRole('option', { name: 'Platform' });
    await app.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Team' }), 'Platform');
    await app.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('There were no responders configured for this team')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);

    await app.user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await app.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Team' }), 'Vendors');
    await app.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getAllByRole('radio')).toHaveLength(8);
    expect(within(dialog).getByRole('group', { name: 'Responder Type' }).querySelector('ul')!.getAttribute('data-scrolls')).toBe('true');

    await app.user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await app.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Team' }), 'Payments');
    await app.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('group', { name: 'Responder Type' }).querySelector('ul')!.hasAttribute('data-scrolls')).toBe(false);
  });

  it('adds a person directly, Add waiting for a person', async () => {
    const app = renderSettings('/incidents/i1', responderRoutes([]));
    const dialog = await openDialog(app);
    await app.user.click(within(dialog).getByRole('radio', { name: 'Person' }));
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    await within(dialog).findByRole('option', { name: 'Alan Turing' });
    await app.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Person' }), 'Alan Turing');
    await app.user.click(add);
    expect(await screen.findByText('Responder added successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(app)[0]!.body).toEqual({ incident_id: 'i1', person_id: 'p2', type: 'person', properties: { responderType: 'person', person: 'p2' } });
  });

  it("closes with the server's message when the responder is refused", async () => {
    const app = renderSettings(
      '/incidents/i1',
      responderRoutes([], [dbRoute('POST', 'responders', () => ({ status: 403, body: { message: 'permission denied for responders' } }))]),
    );
    const dialog = await openDialog(app);
    await app.user.click(within(dialog).getByRole('radio', { name: 'Person' }));
    await within(dialog).findByRole('option', { name: 'Ada Lovelace' });
    await app.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Person' }), 'Ada Lovelace');
    await app.user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('permission denied for responders')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('Responder added successfully')).toBeNull();
  });

  it('fills a Jira responder from the options of the team’s instance: issue type and priority follow the project', async () => {
    const app = renderSettings(
      '/incidents/i1',
      responderRoutes([], [
        {
          method: 'GET',
          path: '/api/incidents/responder-options',
          respond: ({ url }) => json(JIRA_OPTIONS[(url.searchParams.get('project') ?? '') as keyof typeof JIRA_OPTIONS] ?? { fields: {} }),
        },
      ]),
    );
    const { dialog, form } = await teamResponderForm(app, 'Jira');
    expect(within(form).getByText('jira-cloud')).toBeTruthy();
    const issueType = within(form).getByRole('combobox', { name: 'Issue Type' }) as HTMLSelectElement;
    expect(issueType.disabled).toBe(true);
    await within(form).findByRole('option', { name: 'Operations' });
    await app.user.selectOptions(within(form).getByRole('combobox', { name: 'Project' }), 'Payments');
    await within(form).findByRole('option', { name: 'Incident' });
    await app.user.selectOptions(issueType, 'Incident');
    await app.user.selectOptions(within(form).getByRole('combobox', { name: 'Priority' }), 'High');
    await app.user.type(within(form).getByRole('textbox', { name: 'Summary' }), 'Checkout is down');
    await app.user.type(within(form).getByRole('textbox', { name: 'Description' }), 'Orders fail');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Responder added successfully')).toBeTruthy();

    const queries = app.server.to('/api/incidents/responder-options', 'GET').map((request) => paramsOf(request.url));
    expect(queries).toEqual([
      { team_id: 't1', type: 'jira' },
      { team_id: 't1', type: 'jira', project: 'PAY' },
    ]);
    expect(posts(app)[0]!.body).toEqual({
      incident_id: 'i1',
      team_id: 't1',
      type: 'system',
      properties: { responderType: 'jira', project: 'PAY', issueType: '10001', priority: '2', summary: 'Checkout is down', description: 'Orders fail' },
    });
  });

  it('fills a Planner responder: plans and priorities of the team’s instance, then the buckets of the chosen plan', async () => {
    const app = renderSettings(
      '/incidents/i1',
      responderRoutes([], [
        {
          method: 'GET',
          path: '/api/incidents/responder-options',
          respond: ({ url }) =>
            json({
              fields: {
                plan_id: [{ value: 'plan-1', label: 'Operations' }],
                priority: [{ value: '1', label: 'Urgent' }, { value: '5', label: 'Medium' }],
                ...(url.searchParams.get('plan_id') === 'plan-1' ? { bucket_id: [{ value: 'bucket-9', label: 'Incidents' }] } : {}),
              },
            }),
        },
      ]),
    );
    const { dialog, form } = await teamResponderForm(app, 'Microsoft Planner');
    expect(within(form).getByText('planner')).toBeTruthy();
    await within(form).findByRole('option', { name: 'Urgent' });
    await app.user.selectOptions(within(form).getByRole('combobox', { name: 'Plan' }), 'Operations');
    await within(form).findByRole('option', { name: 'Incidents' });
    await app.user.selectOptions(within(form).getByRole('combobox', { name: 'Bucket' }), 'Incidents');
    await app.user.selectOptions(within(form).getByRole('combobox', { name: 'Priority' }), 'Urgent');
    await app.user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Checkout is down');
    await app.user.type(within(form).getByRole('textbox', { name: 'Description' }), 'Orders fail');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Responder added successfully')).toBeTruthy();
    expect(app.server.to('/api/incidents/responder-options', 'GET').map((request) => paramsOf(request.url))).toEqual([
      { team_id: 't1', type: 'ms_planner' },
      { team_id: 't1', type: 'ms_planner', plan_id: 'plan-1' },
    ]);
    expect(posts(app)[0]!.body).toMatchObject({
      team_id: 't1',
      properties: { responderType: 'ms_planner', plan_id: 'plan-1', bucket_id: 'bucket-9', priority: '1', title: 'Checkout is down', description: 'Orders fail' },
    });
  });

  it('lets the values be typed when the remote system cannot list them, saying why', async () => {
    const app = renderSettings(
      '/incidents/i1',
      responderRoutes([], [{ method: 'GET', path: '/api/incidents/responder-options', respond: () => json({ message: 'Jira answered 401 Unauthorized' }, 502) }]),
    );
    const { form } = await teamResponderForm(app, 'Jira');
    const project = await within(form).findByRole('textbox', { name: 'Project' });
    expect(within(form).getByText('Project choices could not be loaded: Jira answered 401 Unauthorized')).toBeTruthy();
    await app.user.type(project, 'PAY');
    expect(await within(form).findByRole('textbox', { name: 'Issue Type' })).toBeTruthy();
  });

  it('is usable from the keyboard', async () => {
    const app = renderSettings('/incidents/i1', responderRoutes([]));
    const trigger = await screen.findByRole('button', { name: 'Add responder' }, PAGE_LOAD);
    trigger.focus();
    await app.user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Add responder' });
    await within(dialog).findByRole('option', { name: 'Payments' });
    within(dialog).getByRole('radio', { name: 'Person' }).focus();
    await app.user.keyboard(' ');
    expect((within(dialog).getByRole('radio', { name: 'Person' }) as HTMLInputElement).checked).toBe(true);
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });
});
