import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../ui/toast/toaster';
import { parseFlow, type FlowBody } from '../api/flows';
import {
  CSRF,
  input,
  loginFlow,
  RECOVERY_CODES,
  settingsFlow,
  text,
  WEBAUTHN_OPTIONS,
  type RawFlow,
} from '../testing/fixtures';
import { FlowForm, type FlowFormProps } from './flow-form';

vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));
const webauthn = await import('@simplewebauthn/browser');

afterEach(() => vi.mocked(webauthn.startRegistration).mockReset());

type Submit = (body: FlowBody) => Promise<unknown>;

function renderForm(
  raw: RawFlow,
  props: Partial<Omit<FlowFormProps, 'onSubmit'>> & { onSubmit?: Submit } = {},
  kind: 'login' | 'settings' = 'login',
) {
  const onSubmit = vi.fn<Submit>(props.onSubmit ?? (async () => undefined));
  const ui = parseFlow(kind, raw).ui;
  const view = render(
    <>
      <FlowForm ui={ui} label="Form" {...props} onSubmit={onSubmit} />
      <Toaster />
    </>,
  );
  return { ...view, onSubmit, user: userEvent.setup() };
}

describe('FlowForm', () => {
  it('starts from the node values and sends them with the clicked button', async () => {
    const raw = loginFlow();
    raw.ui.nodes[1] = input('default', 'identifier', 'text', { value: 'ada@example.com', label: 'E-Mail' });
    const { onSubmit, user } = renderForm(raw);

    expect(screen.getByLabelText('E-Mail')).toHaveProperty('value', 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(onSubmit).toHaveBeenCalledWith({
      csrf_token: CSRF,
      identifier: 'ada@example.com',
      password: 'secret-password',
      method: 'password',
    });
  });

  it('does not take initial values from buttons, only from the clicked one', async () => {
    const { onSubmit, user } = renderForm(settingsFlow(), { groups: ['lookup_secret'] }, 'settings');
    await user.click(screen.getByRole('button', { name: 'Generate new backup recovery codes' }));
    expect(onSubmit).toHaveBeenCalledWith({ csrf_token: CSRF, lookup_secret_regenerate: true });
  });

  it('nests dotted names as the identity API reads them', async () => {
    const { onSubmit, user } = renderForm(settingsFlow(), { groups: ['profile'] }, 'settings');
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({
      csrf_token: CSRF,
      traits: { email: 'ada@example.com', name: { first: 'Augusta', last: 'Lovelace' }, newsletter: false },
      method: 'profile',
    });
  });

  it('sends a checkbox as a boolean', async () => {
    const { onSubmit, user } = renderForm(settingsFlow(), { groups: ['profile'] }, 'settings');
    await user.click(screen.getByRole('checkbox', { name: 'Newsletter' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const body = onSubmit.mock.calls[0]?.[0] as { traits: { newsletter: unknown } };
    expect(body.traits.newsletter).toBe(true);
  });

  it('shows field messages beneath their field, errors in red, and flow messages in the blue box', () => {
    const raw = loginFlow();
    raw.ui.messages = [text(4000006, 'The provided credentials are invalid.', 'error')];
    raw.ui.nodes[2] = input('password', 'password', 'password', {
      label: 'Password',
      messages: [text(4000002, 'Property password is missing.', 'error')],
    });
    renderForm(raw);

    const field = screen.getByLabelText('Password');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    const message = within(described as HTMLElement).getByText('Property password is missing.');
    expect(message.className).toContain('text-danger');

    const box = screen.getByTestId('flow-messages').closest('[data-tone]');
    expect(box?.getAttribute('data-tone')).toBe('info');
    expect(box?.className).toContain('bg-info-soft');
    expect(within(box as HTMLElement).getByText('The provided credentials are invalid.')).toBeTruthy();
  });

  it('shows a spinner on the clicked button and ignores submits while one is in flight', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = renderForm(loginFlow(), { onSubmit });
    const button = screen.getByRole('button', { name: 'Sign in' });

    await user.click(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Sign in with GitHub' }).getAttribute('aria-busy')).toBeNull();
    await user.click(button);
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);

    finish();
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull());
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('lets an oidc button post the form natively to the flow action', async () => {
    const { onSubmit, user } = renderForm(loginFlow());
    let native: { prevented: boolean; action: string; method: string } | null = null;
    const listener = (event: Event) => {
      const form = event.target as HTMLFormElement;
      native = { prevented: event.defaultPrevented, action: form.action, method: form.method };
      event.preventDefault(); // jsdom cannot navigate
    };
    window.addEventListener('submit', listener);
    try {
      await user.click(screen.getByRole('button', { name: 'Sign in with GitHub' }));
    } finally {
      window.removeEventListener('submit', listener);
    }
    expect(onSubmit).not.toHaveBeenCalled();
    expect(native).toEqual({
      prevented: false,
      action: 'http://localhost:3000/api/.ory/self-service/login?flow=login-1',
      method: 'post',
    });
    const button = screen.getByRole('button', { name: 'Sign in with GitHub' });
    expect(button.getAttribute('name')).toBe('provider');
    expect(button.getAttribute('value')).toBe('github');
    expect(document.querySelector('input[type=hidden][name=csrf_token]')?.getAttribute('value')).toBe(CSRF);
  });

  it('lists recovery codes, a used one as Used', () => {
    renderForm(settingsFlow(), { groups: ['lookup_secret'] }, 'settings');
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([RECOVERY_CODES[0], 'Used', RECOVERY_CODES[2]]);
    expect(screen.getByText('These are your back up recovery codes. Please keep them in a safe place!')).toBeTruthy();
  });

  it('shows the TOTP QR code, the secret and the code field', async () => {
    const { onSubmit, user } = renderForm(settingsFlow(), { groups: ['totp'] }, 'settings');
    const image = screen.getByRole('img', { name: 'Authenticator app QR code' });
    expect(image.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(screen.getByText('This is your authenticator app secret. Use it if you can not scan the QR code.')).toBeTruthy();
    expect(screen.getByText('JBSWY3DPEHPK3PXP').tagName).toBe('CODE');

    await user.type(screen.getByLabelText(/Verify code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ csrf_token: CSRF, totp_code: '123456', method: 'totp' });
  });

  it('runs a webauthn registration trigger and submits its answer in webauthn_register', async () => {
    const credential = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} };
    vi.mocked(webauthn.startRegistration).mockResolvedValue(
      credential as unknown as Awaited<ReturnType<typeof webauthn.startRegistration>>,
    );
    const { onSubmit, user } = renderForm(settingsFlow(), { groups: ['webauthn'] }, 'settings');

    await user.type(screen.getByLabelText('Name of the security key'), 'YubiKey');
    const trigger = screen.getByRole('button', { name: 'Add security key' });
    expect(trigger.getAttribute('type')).toBe('button');
    await user.click(trigger);

    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: WEBAUTHN_OPTIONS.publicKey });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      csrf_token: CSRF,
      webauthn_register_displayname: 'YubiKey',
      webauthn_register: JSON.stringify(credential),
      method: 'webauthn',
    });
  });

  it('shows a toast and does not submit when the browser refuses the webauthn ceremony', async () => {
    vi.mocked(webauthn.startRegistration).mockRejectedValue(new Error('The operation was cancelled.'));
    const { onSubmit, user } = renderForm(settingsFlow(), { groups: ['webauthn'] }, 'settings');
    await user.click(screen.getByRole('button', { name: 'Add security key' }));
    expect(await screen.findByText('The operation was cancelled.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('adds script nodes to the page while shown', () => {
    const { unmount } = renderForm(settingsFlow(), { groups: ['webauthn'] }, 'settings');
    const script = document.getElementById('webauthn_script') as HTMLScriptElement | null;
    expect(script?.getAttribute('src')).toBe('/api/.ory/.well-known/ory/webauthn.js');
    expect(script?.integrity).toBe('sha512-abc');
    unmount();
    expect(document.getElementById('webauthn_script')).toBeNull();
  });

  it('renders anchor nodes as links', () => {
    const raw = loginFlow();
    raw.ui.nodes.push({
      type: 'a',
      group: 'default',
      attributes: { id: 'back', href: 'http://localhost:3000/', title: text(1, 'Back to the app'), node_type: 'a' },
      messages: [],
      meta: {},
    });
    renderForm(raw);
    expect(screen.getByRole('link', { name: 'Back to the app' }).getAttribute('href')).toBe('http://localhost:3000/');
  });

  it('sends extra values and posts them as hidden fields', async () => {
    const { onSubmit, user } = renderForm(loginFlow(), { extraValues: { setup_token: 'tok' } });
    expect(document.querySelector('input[type=hidden][name=setup_token]')?.getAttribute('value')).toBe('tok');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ setup_token: 'tok' });
  });

  it('auto-submits once with prefilled values', async () => {
    const { onSubmit } = renderForm(loginFlow(), {
      prefill: { identifier: 'ada@example.com', password: 'pw' },
      autoSubmit: { name: 'method', value: 'password' },
    });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      csrf_token: CSRF,
      identifier: 'ada@example.com',
      password: 'pw',
      method: 'password',
    });
  });
});
