// @vitest-environment happy-dom
import { AGE_THRESHOLD } from '@shared/constants';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buttonClasses } from '@web/components/ui/button';
import { staticAgeGateHtml } from '@web/features/age-gate/static-age-gate';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../../../../test/render';
import { AgeGate } from './age-gate';

function setRawCookie(cookie: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plants cookies by hand
  document.cookie = cookie;
}

beforeEach(() => {
  localStorage.clear();
  setRawCookie('canopy_age=; Path=/; Max-Age=0');
  document.body.innerHTML = '';
});

describe('AgeGate (spec §2.2)', () => {
  it('asks with the two buttons, YES focused; YES remembers it in localStorage and the cookie', async () => {
    const user = userEvent.setup();
    render(<AgeGate />);
    const dialog = screen.getByRole('dialog', { name: `Are you ${AGE_THRESHOLD} or older?` });
    const yes = within(dialog).getByRole('button', { name: `YES, I'M ${AGE_THRESHOLD}+` });
    const no = within(dialog).getByRole('button', { name: `NO, I'M UNDER ${AGE_THRESHOLD}` });
    expect(yes.tagName).toBe('BUTTON');
    expect(yes.className).toBe(buttonClasses('primary', 'lg'));
    expect(no.className).toBe(buttonClasses('outline', 'lg'));
    expect(yes.hasAttribute('data-autofocus')).toBe(true);
    expect(no.hasAttribute('data-autofocus')).toBe(false);
    expect(document.activeElement).toBe(yes);

    await user.click(yes);
    expect(localStorage.getItem('ageVerified')).toBe('true');
    expect(document.cookie).toContain('canopy_age=1');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('stays closed when only the cookie says so (YES in the static gate)', () => {
    setRawCookie('canopy_age=1; Path=/');
    render(<AgeGate />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays closed when only localStorage says so', () => {
    localStorage.setItem('ageVerified', 'true');
    render(<AgeGate />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('takes over from the server’s static gate when it mounts', () => {
    document.body.insertAdjacentHTML('afterbegin', staticAgeGateHtml('/'));
    expect(document.getElementById('age-gate-static')).not.toBeNull();
    render(<AgeGate />);
    expect(document.getElementById('age-gate-static')).toBeNull();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });
});
