// @vitest-environment happy-dom
import type { Category } from '@shared/schemas/categories';
import { screen, waitFor, within } from '@testing-library/react';
import { Toaster } from '@web/components/ui/toast';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQueries, stubFetch } from '../../../../../test/render';
import { ProductFormDialog } from './product-form-dialog';

const category = (id: number, name: string, slug: string): Category =>
  ({ id, name, slug, parentId: null, sortOrder: id }) as Category;
const CATEGORIES = [category(1, 'Flower', 'flower'), category(2, 'Edibles', 'edibles')];

function renderAddDialog(...answers: { status: number; body?: unknown }[]) {
  const calls = stubFetch({ status: 200, body: CATEGORIES }, ...answers);
  const onClose = vi.fn();
  const view = renderWithQueries(
    <>
      <ProductFormDialog open product={null} session={1} onClose={onClose} />
      <Toaster />
    </>,
  );
  const dialog = screen.getByRole('dialog');
  return { ...view, dialog, calls, onClose };
}

async function fillFlower(view: ReturnType<typeof renderAddDialog>, stock: string) {
  const { dialog, user } = view;
  await user.type(within(dialog).getByLabelText('Name'), 'Test Kush');
  await within(dialog).findByRole('option', { name: 'Flower' });
  await user.selectOptions(within(dialog).getByLabelText('Category'), 'flower');
  await user.type(within(dialog).getByLabelText('Price (1/8 Oz)'), '30');
  await user.type(within(dialog).getByLabelText('Stock (grams)'), stock);
}

const save = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Create Product' });

describe('Add Product form', () => {
  it('says every missing field under the field on Save and sends nothing', async () => {
    const view = renderAddDialog();
    await view.user.click(save(view.dialog));
    for (const text of [
      'Name is required',
      'Category is required',
      'Price is required',
      'Stock is required unless the product has flavors',
    ])
      expect(await within(view.dialog).findByText(text)).toBeTruthy();
    expect(view.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('refuses flower stock that is not a multiple of 0.5 g, clears the error as soon as it is, then saves', async () => {
    const created = { id: 7, name: 'Test Kush' };
    const view = renderAddDialog({ status: 201, body: created });
    await fillFlower(view, '10.3');
    await view.user.click(save(view.dialog));
    const stock = within(view.dialog).getByLabelText('Stock (grams)');
    expect(
      await within(view.dialog).findByText('Stock must be a multiple of 0.5 grams'),
    ).toBeTruthy();
    expect(stock.getAttribute('aria-invalid')).toBe('true');
    expect(view.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await view.user.clear(stock);
    await view.user.type(stock, '10.5');
    // gone while typing, before the next Save
    await waitFor(() =>
      expect(within(view.dialog).queryByText('Stock must be a multiple of 0.5 grams')).toBeNull(),
    );
    expect(stock.getAttribute('aria-invalid')).toBeNull();

    await view.user.click(save(view.dialog));
    await waitFor(() => expect(view.onClose).toHaveBeenCalled());
    const post = view.calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/products');
    expect(post?.body).toMatchObject({
      name: 'Test Kush',
      category: 'flower',
      price: 30,
      priceQuarter: 57,
      priceHalf: 108,
      priceOunce: 192,
      stock: 10.5,
    });
  });

  it('puts a field error the server sends under its field instead of a toast', async () => {
    const view = renderAddDialog({
      status: 400,
      body: {
        error: 'Validation failed',
        code: 'VALIDATION_FAILED',
        errors: [{ path: 'name', message: 'must be at most 200 characters' }],
      },
    });
    await fillFlower(view, '28');
    await view.user.click(save(view.dialog));
    expect(
      await within(view.dialog).findByText('Name must be at most 200 characters'),
    ).toBeTruthy();
    expect(within(view.dialog).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(view.onClose).not.toHaveBeenCalled();
  });
});
