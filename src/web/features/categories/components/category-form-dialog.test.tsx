// @vitest-environment happy-dom
import type { Category } from '@shared/schemas/categories';
import { screen, waitFor, within } from '@testing-library/react';
import { Toaster } from '@web/components/ui/toast';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQueries, stubFetch } from '../../../../../test/render';
import { type CategoryDialogMode, CategoryFormDialog } from './category-form-dialog';

const flower = { id: 1, name: 'Flower', slug: 'flower', parentId: null, sortOrder: 1 } as Category;

function renderDialog(mode: CategoryDialogMode, ...answers: { status: number; body?: unknown }[]) {
  const calls = stubFetch(...answers);
  const onClose = vi.fn();
  const view = renderWithQueries(
    <>
      <CategoryFormDialog
        open
        mode={mode}
        session={1}
        topLevel={[flower]}
        hasChildren={() => false}
        onClose={onClose}
      />
      <Toaster />
    </>,
  );
  return { ...view, dialog: screen.getByRole('dialog'), calls, onClose };
}

describe('Category form (spec §5)', () => {
  it('says the name is missing under it, in the words of the form, and clears it on typing', async () => {
    const { dialog, user, calls } = renderDialog({ kind: 'create' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Category' }));
    expect(await within(dialog).findByText('Category name cannot be empty')).toBeTruthy();
    const name = within(dialog).getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
    await user.type(name, 'Vapes');
    await waitFor(() =>
      expect(within(dialog).queryByText('Category name cannot be empty')).toBeNull(),
    );
    expect((within(dialog).getByLabelText('Slug') as HTMLInputElement).value).toBe('vapes');
  });

  it('names the subcategory form and sends the parent', async () => {
    const created = { id: 9, name: 'Indoor', slug: 'indoor', parentId: 1, sortOrder: 1 };
    const { dialog, user, calls, onClose } = renderDialog(
      { kind: 'subcategory', parent: flower },
      { status: 201, body: created },
      { status: 200, body: [flower, created] },
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create Subcategory' }));
    expect(await within(dialog).findByText('Subcategory name cannot be empty')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Name'), 'Indoor');
    await user.click(within(dialog).getByRole('button', { name: 'Create Subcategory' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/categories',
      body: { name: 'Indoor', slug: 'indoor', description: null, parentId: 1 },
    });
  });

  it('refuses a slug with no letters or digits before sending', async () => {
    const { dialog, user, calls } = renderDialog({ kind: 'create' });
    await user.type(within(dialog).getByLabelText('Name'), 'Vapes');
    const slug = within(dialog).getByLabelText('Slug');
    await user.clear(slug);
    await user.type(slug, '---');
    await user.click(within(dialog).getByRole('button', { name: 'Create Category' }));
    expect(await within(dialog).findByText('Slug must contain letters or digits')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
