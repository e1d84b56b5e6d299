// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  readDocumentPreferenceCookies,
  syncPreferenceCookies,
  writePreferenceCookie,
} from './preference-cookies';

/** A cookie as another writer (or an older version) might have left it. */
function setRawCookie(cookie: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plants cookies by hand
  document.cookie = cookie;
}

function clearCookies() {
  for (const name of ['canopy_theme', 'canopy_age']) setRawCookie(`${name}=; Path=/; Max-Age=0`);
}

/** document.cookie's own accessor, from the document's prototype chain. */
function cookieDescriptor(): PropertyDescriptor {
  for (let proto = Object.getPrototypeOf(document); proto; proto = Object.getPrototypeOf(proto)) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, 'cookie');
    if (descriptor) return descriptor;
  }
  throw new Error('no document.cookie accessor');
}

/** Every string assigned to document.cookie, in order. */
function recordCookieWrites(): string[] {
  const writes: string[] = [];
  const descriptor = cookieDescriptor();
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => descriptor.get!.call(document),
    set: (value: string) => {
      writes.push(value);
      descriptor.set!.call(document, value);
    },
  });
  return writes;
}

beforeEach(() => {
  localStorage.clear();
  clearCookies();
});
afterEach(() => {
  Reflect.deleteProperty(document, 'cookie');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('writePreferenceCookie', () => {
  it('writes a site-wide, Lax, 400-day cookie; Secure over https only', () => {
    const writes = recordCookieWrites();
    writePreferenceCookie('canopy_theme', 'theme-light');
    expect(writes).toEqual(['canopy_theme=theme-light; Path=/; SameSite=Lax; Max-Age=34560000']);
    expect(readDocumentPreferenceCookies().theme).toBe('theme-light');

    vi.stubGlobal('location', { ...window.location, protocol: 'https:' });
    writePreferenceCookie('canopy_age', '1');
    expect(writes[1]).toBe('canopy_age=1; Path=/; SameSite=Lax; Max-Age=34560000; Secure');
  });

  it('never throws when cookies cannot be written or read', () => {
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => {
        throw new DOMException('sandboxed', 'SecurityError');
      },
      set: () => {
        throw new DOMException('sandboxed', 'SecurityError');
      },
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(() => writePreferenceCookie('canopy_theme', 'theme-light')).not.toThrow();
    expect(readDocumentPreferenceCookies()).toEqual({ theme: null, ageVerified: false });
    expect(syncPreferenceCookies()).toEqual({ theme: null, ageVerified: false });
    expect(warn).toHaveBeenCalled();
  });
});

describe('syncPreferenceCookies (decision 010 sync rule)', () => {
  it('nothing saved: writes nothing', () => {
    const writes = recordCookieWrites();
    expect(syncPreferenceCookies()).toEqual({ theme: null, ageVerified: false });
    expect(writes).toEqual([]);
    expect(localStorage.length).toBe(0);
  });

  it('a valid localStorage theme wins over the cookie and is written to it', () => {
    localStorage.setItem('theme', 'theme-light');
    writePreferenceCookie('canopy_theme', 'theme-colorful');
    expect(syncPreferenceCookies().theme).toBe('theme-light');
    expect(readDocumentPreferenceCookies().theme).toBe('theme-light');
    expect(localStorage.getItem('theme')).toBe('theme-light');
  });

  it('a valid localStorage theme and no cookie: the cookie is written', () => {
    localStorage.setItem('theme', 'theme-colorful');
    expect(syncPreferenceCookies().theme).toBe('theme-colorful');
    expect(readDocumentPreferenceCookies().theme).toBe('theme-colorful');
  });

  it('no valid localStorage theme: a valid cookie theme is written to localStorage', () => {
    writePreferenceCookie('canopy_theme', 'theme-light');
    expect(syncPreferenceCookies().theme).toBe('theme-light');
    expect(localStorage.getItem('theme')).toBe('theme-light');

    localStorage.setItem('theme', 'theme-purple');
    writePreferenceCookie('canopy_theme', 'theme-colorful');
    expect(syncPreferenceCookies().theme).toBe('theme-colorful');
    expect(localStorage.getItem('theme')).toBe('theme-colorful');
  });

  it('junk on both sides: no theme, both left alone', () => {
    localStorage.setItem('theme', 'theme-purple');
    setRawCookie('canopy_theme=nonsense; Path=/');
    expect(syncPreferenceCookies().theme).toBeNull();
    expect(localStorage.getItem('theme')).toBe('theme-purple');
    expect(document.cookie).toContain('canopy_theme=nonsense');
  });

  it('age verified in localStorage only: the cookie is written', () => {
    localStorage.setItem('ageVerified', 'true');
    expect(syncPreferenceCookies().ageVerified).toBe(true);
    expect(readDocumentPreferenceCookies().ageVerified).toBe(true);
  });

  it('age verified in the cookie only (the static gate): localStorage is written', () => {
    writePreferenceCookie('canopy_age', '1');
    expect(syncPreferenceCookies().ageVerified).toBe(true);
    expect(localStorage.getItem('ageVerified')).toBe('true');
  });

  it('age not verified on either side (or junk): nothing is written', () => {
    localStorage.setItem('ageVerified', 'yes');
    setRawCookie('canopy_age=0; Path=/');
    expect(syncPreferenceCookies().ageVerified).toBe(false);
    expect(localStorage.getItem('ageVerified')).toBe('yes');
    expect(readDocumentPreferenceCookies().ageVerified).toBe(false);
  });

  it('never throws when localStorage is unavailable, and still reads the cookies', () => {
    writePreferenceCookie('canopy_theme', 'theme-light');
    writePreferenceCookie('canopy_age', '1');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('disabled', 'SecurityError');
    });
    expect(syncPreferenceCookies()).toEqual({ theme: 'theme-light', ageVerified: true });
    expect(warn).toHaveBeenCalled();
  });
});
