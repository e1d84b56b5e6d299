// @vitest-environment happy-dom
import type { Order } from '@shared/schemas/orders';
import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@web/lib/api-client';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../../../../test/render';
import { VoidDialog } from './record-dialogs';

const order = { id: 42 } as Order;

function renderVoid(onVoid: (reason: string) => Promise<unknown>) {
  const onClose = vi.fn();
  const view = renderWithQueries(<VoidDialog order={order} onClose={onClose} onVoid={onVoid} />);
  const dialog = screen.getByRole('dialog', { name: 'Cancel order #42?' });
  const reason = within(dialog).getByLabelText('Why is it cancelled?') as HTMLTextAreaElement;
  const submit = within(dialog).getByRole('button', { name: 'Cancel order' });
  return { ...view, dialog, reason, submit, onClose };
}

describe('the void dialog (a reason before the order is cancelled)', () => {
  it('asks for a reason at the field, then sends it and closes', async () => {
    const onVoid = vi.fn(async () => {});
    const { user, reason, submit, onClose } = renderVoid(onVoid);
    await user.click(submit);
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(onVoid).not.toHaveBeenCalled();

    await user.type(reason, 'Customer called to cancel');
    await user.click(submit);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onVoid).toHaveBeenCalledWith('Customer called to cancel');
  });

  it('shows a refused reason under the field and any other refusal in the dialog, and stays open', async () => {
    const refusals = [
      new ApiError(
        400,
        JSON.stringify({ error: 'Invalid', errors: [{ path: 'reason', message: 'is too vague' }] }),
        'Bad Request',
      ),
      new ApiError(409, JSON.stringify({ error: 'This order was already handed over.' }), ''),
    ];
    const onVoid = vi.fn(async () => {
      throw refusals.shift();
    });
    const { user, dialog, reason, submit, onClose } = renderVoid(onVoid);
    await user.type(reason, 'Changed my mind');
    await user.click(submit);
    expect(await within(dialog).findByText('Is too vague')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');

    await user.click(submit);
    expect(await within(dialog).findByText('This order was already handed over.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Keep as it is' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(within(dialog).queryByText('This order was already handed over.')).toBeNull();
    expect(reason.value).toBe('');
  });
});
