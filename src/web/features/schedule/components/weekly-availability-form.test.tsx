// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Toaster } from '@web/components/ui/toast';
import { describe, expect, it } from 'vitest';
import { renderWithQueries, stubFetch } from '../../../../../test/render';
import { WeeklyAvailabilityForm } from './weekly-availability-form';

const settings = {
  availableDays: ['Monday'],
  deliveryHours: JSON.stringify(['1:00 PM - 3:00 PM']),
  deliveryNotes: null,
};

describe('Weekly Availability form (spec §2.12)', () => {
  it('refuses notes the server refuses under the notes, then saves the choices as the server reads them', async () => {
    const calls = stubFetch({
      status: 200,
      body: { ...settings, availableDays: ['Monday', 'Friday'] },
    });
    const { user } = renderWithQueries(
      <>
        <WeeklyAvailabilityForm settings={settings as never} />
        <Toaster />
      </>,
    );
    const notes = screen.getByLabelText('Delivery Notes');
    fireEvent.input(notes, { target: { value: 'x'.repeat(2001) } });
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Delivery notes must be at most 2000 characters')).toBeTruthy();
    expect(calls).toEqual([]);

    await user.clear(notes);
    await user.type(notes, 'Downtown only');
    await waitFor(() =>
      expect(screen.queryByText('Delivery notes must be at most 2000 characters')).toBeNull(),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Friday' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings updated.')).toBeTruthy();
    expect(calls[0]).toMatchObject({
      method: 'PATCH',
      body: {
        availableDays: ['Monday', 'Friday'],
        deliveryHours: JSON.stringify(['1:00 PM - 3:00 PM']),
        deliveryNotes: 'Downtown only',
      },
    });
  });
});
