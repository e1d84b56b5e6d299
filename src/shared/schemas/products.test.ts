import { describe, expect, it } from 'vitest';
import { productSchema } from './products';

describe('productSchema', () => {
  it('refuses a body that is not an object with a field error, never a throw', () => {
    for (const body of [null, undefined, 42, 'text', []]) {
      const result = productSchema.safeParse(body);
      expect(result.success).toBe(false);
    }
  });

  it('names a missing stock even when other fields fail too (a form shows every problem at once)', () => {
    const result = productSchema.safeParse({ name: '', category: '', price: null, stock: null });
    const paths = result.error?.issues.map((issue) => issue.path.join('.')).sort();
    expect(paths).toEqual(['category', 'name', 'price', 'stock']);
  });
});
