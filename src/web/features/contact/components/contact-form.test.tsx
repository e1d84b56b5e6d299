// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { Toaster } from '@web/components/ui/toast';
import { describe, expect, it } from 'vitest';
import { renderWithQueries, stubFetch } from '../../../../../test/render';
import { ContactForm } from './contact-form';

function renderForm(...answers: { status: number; body?: unknown }[]) {
  const calls = stubFetch(...answers);
  const view = renderWithQueries(
    <>
      <ContactForm />
      <Toaster />
    </>,
  );
  const form = screen.getByRole('form', { name: 'Contact Us' });
  return { ...view, form, calls };
}

describe('Contact Us form (spec §4, §5)', () => {
  it('toasts the spec text and names each empty field under it', async () => {
    const { form, user, calls } = renderForm();
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(
      await screen.findByText('Please fill out all fields to send your message.'),
    ).toBeTruthy();
    for (const text of [
      'Name is required',
      'Phone is required',
      'Email is required',
      'Message is required',
    ])
      expect(within(form).getByText(text)).toBeTruthy();
    expect(within(form).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    await user.type(within(form).getByLabelText('Name'), 'Sam');
    await waitFor(() => expect(within(form).queryByText('Name is required')).toBeNull());
    expect(calls).toEqual([]);
  });

  it('refuses a bad email with the spec toast and a line under Email, then sends', async () => {
    const { form, user, calls } = renderForm({ status: 201, body: { success: true } });
    await user.type(within(form).getByLabelText('Name'), 'Sam Shopper');
    await user.type(within(form).getByLabelText('Phone'), '555-0100');
    await user.type(within(form).getByLabelText('Email'), 'not-an-email');
    await user.type(within(form).getByLabelText('Message'), 'Do you deliver downtown?');
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(within(form).getByText('Email must be a valid email address')).toBeTruthy();
    expect(calls).toEqual([]);

    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Email'), 'sam@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('heading', { name: 'Thank You!' })).toBeTruthy();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/contact',
      body: { name: 'Sam Shopper', phone: '555-0100', email: 'sam@example.com' },
    });
  });
});
