// @vitest-environment happy-dom
import { formatDateOnly } from '@shared/availability';
import { type Order, orderDeliverySchema } from '@shared/schemas/orders';
import { screen, waitFor, within } from '@testing-library/react';
import { scheduleSlotsQueryOptions } from '@web/api/get-schedule-slots';
import { Toaster } from '@web/components/ui/toast';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQueries, stubFetch } from '../../../../../test/render';
import { EditDeliveryDialog } from './edit-delivery-dialog';

const order = {
  id: 42,
  customer: 'Sam Shopper',
  deliveryDate: null,
  deliveryTimeWindow: null,
  deliveryNotes: null,
} as unknown as Order;

const disabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

const inDays = (n: number) => formatDateOnly(new Date(Date.now() + n * 86_400_000));

function renderDialog(place: 'orders' | 'schedule' = 'orders', onClose = vi.fn()) {
  const view = renderWithQueries(
    <>
      <EditDeliveryDialog order={order} place={place} onClose={onClose} />
      <Toaster />
    </>,
  );
  const dialog = screen.getByRole('dialog');
  return { ...view, dialog, onClose };
}

/** Opens the dialog from `place` and saves tomorrow's 1–3 PM window. */
async function saveTomorrowAfternoonIn(place: 'orders' | 'schedule') {
  const view = renderDialog(place);
  await view.user.type(within(view.dialog).getByLabelText('Delivery date'), inDays(1));
  await view.user.selectOptions(
    within(view.dialog).getByLabelText('Time window'),
    '1:00 PM - 3:00 PM',
  );
  await view.user.click(within(view.dialog).getByRole('button', { name: 'Save' }));
  return view;
}

describe('Edit Delivery dialog', () => {
  it('keeps Save disabled until a date and a window are chosen, and refuses a past date at the field', async () => {
    const { dialog, user } = renderDialog();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(disabled(save)).toBe(true);

    const date = within(dialog).getByLabelText('Delivery date');
    await user.type(date, inDays(-1));
    await user.selectOptions(within(dialog).getByLabelText('Time window'), '1:00 PM - 3:00 PM');
    expect(await within(dialog).findByText('Choose today or a later date.')).toBeTruthy();
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(disabled(save)).toBe(true);

    await user.clear(date);
    await user.type(date, inDays(1));
    await waitFor(() =>
      expect(within(dialog).queryByText('Choose today or a later date.')).toBeNull(),
    );
    expect(disabled(save)).toBe(false);
  });

  it('refuses notes the server refuses, with the same words under the field', async () => {
    const tooLong = 'x'.repeat(1001);
    const server = orderDeliverySchema.safeParse({
      deliveryDate: inDays(1),
      deliveryTimeWindow: '1:00 PM - 3:00 PM',
      deliveryNotes: tooLong,
    });
    expect(server.success).toBe(false);
    const serverMessage = server.error?.issues[0].message ?? '';

    const { dialog, user } = renderDialog();
    await user.type(within(dialog).getByLabelText('Delivery date'), inDays(1));
    await user.selectOptions(within(dialog).getByLabelText('Time window'), '1:00 PM - 3:00 PM');
    const notes = within(dialog).getByLabelText('Delivery notes');
    await user.click(notes);
    await user.paste(tooLong);
    const shown = await within(dialog).findByText(/at most 1000 characters/);
    expect(shown.textContent?.toLowerCase()).toBe(serverMessage.toLowerCase());
    expect(disabled(within(dialog).getByRole('button', { name: 'Save' }))).toBe(true);
  });

  it('saves what was chosen and says so', async () => {
    const date = inDays(2);
    const calls = stubFetch({
      status: 200,
      body: { ...order, deliveryDate: date, deliveryTimeWindow: '9:00 AM - 11:00 AM' },
    });
    const { dialog, user, onClose, client } = renderDialog('schedule');
    const slotsKey = scheduleSlotsQueryOptions().queryKey;
    client.setQueryData(slotsKey, []);
    expect(within(dialog).getByText('Order #42')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Delivery date'), date);
    await user.selectOptions(within(dialog).getByLabelText('Time window'), '9:00 AM - 11:00 AM');
    await user.type(within(dialog).getByLabelText('Delivery notes'), '  Ring twice ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Delivery Updated')).toBeTruthy();
    expect(screen.getByText('Order delivery details have been updated successfully.')).toBeTruthy();
    expect(calls).toEqual([
      {
        url: '/api/orders/42/delivery',
        method: 'PATCH',
        body: {
          deliveryDate: date,
          deliveryTimeWindow: '9:00 AM - 11:00 AM',
          deliveryNotes: 'Ring twice',
        },
      },
    ]);
    expect(onClose).toHaveBeenCalled();
    // the calendar's "x/y booked" is fetched again, from either place the dialog opens
    expect(client.getQueryState(slotsKey)?.isInvalidated).toBe(true);
  });

  it('names the failure as each place of the spec words it', async () => {
    stubFetch({ status: 409, body: { error: 'Slot is full', code: 'SLOT_UNAVAILABLE' } });
    const first = await saveTomorrowAfternoonIn('orders');
    expect(await screen.findByText('Failed to update delivery details: Slot is full')).toBeTruthy();
    first.unmount();

    stubFetch({ status: 500, body: { error: 'Server error' } });
    await saveTomorrowAfternoonIn('schedule');
    expect(await screen.findByText('Failed to update delivery. Please try again.')).toBeTruthy();
  });
});
