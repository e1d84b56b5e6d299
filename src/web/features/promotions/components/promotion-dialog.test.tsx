// @vitest-environment happy-dom
import { NO_FACTS } from '@shared/product-facts';
import type { Category } from '@shared/schemas/categories';
import type { Product } from '@shared/schemas/products';
import { screen, waitFor, within } from '@testing-library/react';
import { Toaster } from '@web/components/ui/toast';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQueries, stubFetch } from '../../../../../test/render';
import { PromotionDialog } from './promotion-dialog';

const categories = [
  { id: 1, name: 'Edibles', slug: 'edibles', parentId: null, sortOrder: 1 },
] as Category[];
const products = [
  {
    ...NO_FACTS,
    id: 5,
    name: 'Pre-Roll Pack',
    category: 'prerolls',
    strainTypes: [],
    flavors: [],
    description: '',
  },
] as unknown as Product[];

function renderCreate(...answers: { status: number; body?: unknown }[]) {
  const calls = stubFetch(...answers);
  const onClose = vi.fn();
  const view = renderWithQueries(
    <>
      <PromotionDialog
        state={{ mode: 'create' }}
        onClose={onClose}
        categories={categories}
        products={products}
      />
      <Toaster />
    </>,
  );
  return { ...view, dialog: screen.getByRole('dialog'), calls, onClose };
}

const createButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Create Promotion' });

describe('Promotion form (spec §5)', () => {
  it('names the missing title and description under their fields and sends nothing', async () => {
    const { dialog, user, calls } = renderCreate();
    await user.click(createButton(dialog));
    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    expect(within(dialog).getByText('Description is required')).toBeTruthy();
    expect(within(dialog).getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
    await user.type(within(dialog).getByLabelText('Title'), 'Summer');
    await waitFor(() => expect(within(dialog).queryByText('Title is required')).toBeNull());
  });

  it('refuses a percentage over 100 as the server does, and clears it once it is valid', async () => {
    const { dialog, user, calls } = renderCreate();
    await user.type(within(dialog).getByLabelText('Title'), 'Summer');
    await user.type(within(dialog).getByLabelText('Description'), '20% off');
    await user.click(within(dialog).getByRole('radio', { name: 'Percentage' }));
    const amount = within(dialog).getByLabelText('Discount (%)');
    await user.clear(amount);
    await user.type(amount, '150');
    await user.click(createButton(dialog));
    expect(
      await within(dialog).findByText('Discount must be at most 100 for a percentage'),
    ).toBeTruthy();
    expect(calls).toEqual([]);
    await user.clear(amount);
    await user.type(amount, '20');
    await waitFor(() =>
      expect(
        within(dialog).queryByText('Discount must be at most 100 for a percentage'),
      ).toBeNull(),
    );
  });

  it('refuses a promo code that takes nothing off, under the amount', async () => {
    const { dialog, user, calls } = renderCreate();
    await user.type(within(dialog).getByLabelText('Title'), 'Welcome');
    await user.type(within(dialog).getByLabelText('Description'), 'For new shoppers');
    await user.type(within(dialog).getByLabelText(/Promo code/), 'hello');
    await user.click(createButton(dialog));
    const message = 'Discount must be more than 0 when the promotion has a promo code';
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(calls).toEqual([]);
    const amount = within(dialog).getByLabelText('Discount amount ($)');
    await user.clear(amount);
    await user.type(amount, '5');
    await waitFor(() => expect(within(dialog).queryByText(message)).toBeNull());
  });

  it('asks for the free product of a freebie, then sends the promotion as the server stores it', async () => {
    const { dialog, user, calls, onClose } = renderCreate({
      status: 201,
      body: { id: 3, title: 'Free Pre-Roll' },
    });
    await user.type(within(dialog).getByLabelText('Title'), 'Free Pre-Roll');
    await user.type(within(dialog).getByLabelText('Description'), 'With any order');
    await user.type(within(dialog).getByLabelText('Promo code'), 'freeroll');
    await user.click(within(dialog).getByRole('radio', { name: 'Free item' }));
    await user.click(createButton(dialog));
    expect(await within(dialog).findByText('Please select a free product')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Search free product'), 'pre');
    await user.click(within(dialog).getByRole('button', { name: /Pre-Roll Pack/ }));
    await user.click(createButton(dialog));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/promotions',
      body: {
        title: 'Free Pre-Roll',
        promoCode: 'FREEROLL',
        discountType: 'freebie',
        discountAmount: 0,
        freebieProductId: 5,
      },
    });
  });
});
