import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubTextLayout } from '../../test/render-settings';
import { ExpressionPlayground } from './expression-playground';

/** jsdom has no Worker: the preview evaluates inline here (the browser journeys use the worker). */
describe('ExpressionPlayground', () => {
  it('shows the result of CEL and templates over the sample check result as they are typed, and errors with their position', async () => {
    stubTextLayout();
    const user = userEvent.setup();
    render(<ExpressionPlayground />);
    await user.click(screen.getByRole('button', { name: 'Try an expression' }));
    const dialog = await screen.findByRole('dialog', { name: 'Try an expression' });
    const result = () => within(dialog).getByRole('status', { name: 'Result' }).textContent;
    await waitFor(() => expect(result()).toBe('false'));

    fireEvent.change(within(dialog).getByLabelText('Expression'), { target: { value: 'json.items.map(i, i.name)' } });
    await waitFor(() => expect(result()).toBe('[\n  "api",\n  "worker"\n]'));
    fireEvent.change(within(dialog).getByLabelText('Expression'), { target: { value: 'code ==' } });
    await waitFor(() => expect(result()).toMatch(/^1:8: /));

    await user.click(within(dialog).getByRole('radio', { name: 'Go template' }));
    await waitFor(() => expect(result()).toBe('api: up\nworker: down\n'));
    fireEvent.change(within(dialog).getByLabelText('Expression'), { target: { value: '{{ .code | printf "%03d" }} {{ .missing }' } });
    await waitFor(() => expect(result()).toMatch(/^template: preview:1: /));
  });
});
