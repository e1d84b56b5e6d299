// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../../test/render';
import { isStaleChunkError } from '@web/lib/stale-chunk';
import { RouteErrorBoundary } from './route-error-boundary';

function Broken(): never {
  throw new TypeError("Cannot read properties of undefined (reading 'quantity')");
}

function Shop() {
  const [page, setPage] = useState('/driver');
  return (
    <>
      <header>
        <a href="/cart">Cart (2)</a>
        <button type="button" onClick={() => setPage('/')}>
          Home
        </button>
      </header>
      <RouteErrorBoundary page={page}>
        {page === '/driver' ? <Broken /> : <p>Product Menu</p>}
      </RouteErrorBoundary>
    </>
  );
}

describe('no white screen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows "Something went wrong" with Reload inside the frame, and clears on the next page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Shop />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cart (2)' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Home' }));
    expect(screen.getByText('Product Menu')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });

  it('tells a code file of an older build from other errors', () => {
    expect(
      isStaleChunkError(
        new TypeError(
          'Failed to fetch dynamically imported module: http://shop/assets/deliveries-page-Ba7C9r9F.js',
        ),
      ),
    ).toBe(true);
    expect(isStaleChunkError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isStaleChunkError(new ReferenceError('lineQuantityWords is not defined'))).toBe(false);
  });
});
