import { AGE_THRESHOLD } from '@shared/constants';
import { buttonClasses } from '@web/components/ui/button';
import { describe, expect, it } from 'vitest';
import { staticAgeGateHtml } from './static-age-gate';

describe('staticAgeGateHtml', () => {
  const html = staticAgeGateHtml('/product/12');

  it('is a modal dialog over the viewport, named by its own title', () => {
    expect(html).toMatch(/^<div id="age-gate-static" role="dialog" aria-modal="true"/);
    expect(html).toContain('aria-labelledby="age-gate-static-title"');
    expect(html).toContain(
      `<h2 id="age-gate-static-title" class="text-2xl font-bold">Are you ${AGE_THRESHOLD} or older?</h2>`,
    );
    expect(html).not.toContain('id="age-gate-title"');
    expect(html).toMatch(/class="fixed inset-0 z-\[1000\]/);
  });

  it('YES is a link to /age-verified with the page to return to, styled as the button', () => {
    expect(html).toContain(
      `<a role="button" href="/age-verified?next=%2Fproduct%2F12" class="${buttonClasses('primary', 'lg')}">YES, I&#x27;M ${AGE_THRESHOLD}+</a>`,
    );
  });

  it('NO is a link away, styled as the outline button', () => {
    expect(html).toContain(
      `<a role="button" href="https://www.google.com" class="${buttonClasses('outline', 'lg')}">NO, I&#x27;M UNDER ${AGE_THRESHOLD}</a>`,
    );
  });

  it('encodes any path so it stays one query value', () => {
    expect(staticAgeGateHtml('/a b/c?x=1&y="2"#z')).toContain(
      'href="/age-verified?next=%2Fa%20b%2Fc%3Fx%3D1%26y%3D%222%22%23z"',
    );
  });

  it('has no buttons and no script hooks', () => {
    expect(html).not.toContain('<button');
    expect(html).not.toContain('data-autofocus');
  });
});
