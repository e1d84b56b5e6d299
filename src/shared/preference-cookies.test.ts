import { describe, expect, it } from 'vitest';
import {
  AGE_COOKIE,
  PREFERENCE_COOKIE_MAX_AGE,
  readPreferenceCookies,
  THEME_COOKIE,
} from './preference-cookies';

describe('readPreferenceCookies', () => {
  it('names the cookies and keeps them 400 days', () => {
    expect(THEME_COOKIE).toBe('canopy_theme');
    expect(AGE_COOKIE).toBe('canopy_age');
    expect(PREFERENCE_COOKIE_MAX_AGE).toBe(400 * 24 * 60 * 60);
  });

  it('nothing set: no theme, not verified', () => {
    const unset = { theme: null, ageVerified: false };
    expect(readPreferenceCookies(undefined)).toEqual(unset);
    expect(readPreferenceCookies('')).toEqual(unset);
    expect(readPreferenceCookies('canopy_dealer=abc; other=1')).toEqual(unset);
  });

  it('reads both among other cookies, with or without spaces', () => {
    expect(
      readPreferenceCookies('canopy_dealer=x.y; canopy_theme=theme-light; canopy_age=1'),
    ).toEqual({ theme: 'theme-light', ageVerified: true });
    expect(readPreferenceCookies('canopy_age=1;canopy_theme=theme-colorful')).toEqual({
      theme: 'theme-colorful',
      ageVerified: true,
    });
    expect(readPreferenceCookies('canopy_theme="theme-dark"')).toEqual({
      theme: 'theme-dark',
      ageVerified: false,
    });
  });

  it('ignores junk values and look-alike names', () => {
    for (const header of [
      'canopy_theme=theme-purple; canopy_age=true',
      'canopy_theme=; canopy_age=',
      'canopy_theme=THEME-LIGHT; canopy_age=11',
      'canopy_theme=theme-light%20; canopy_age=0',
      'xcanopy_theme=theme-light; canopy_agex=1',
      'canopy_theme; canopy_age',
      'canopy_theme=constructor; canopy_age=__proto__',
    ]) {
      expect(readPreferenceCookies(header), header).toEqual({ theme: null, ageVerified: false });
    }
  });

  it('takes the first of two cookies with the same name (the most specific path)', () => {
    expect(readPreferenceCookies('canopy_theme=theme-light; canopy_theme=theme-dark').theme).toBe(
      'theme-light',
    );
    expect(readPreferenceCookies('canopy_age=0; canopy_age=1').ageVerified).toBe(false);
  });
});
