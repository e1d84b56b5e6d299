import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from './inline-styles';

function webDirWith(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'canopy-styles-'));
  mkdirSync(path.join(dir, 'assets'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

const page = (link: string) => `<head>${link}<title>Canopy</title></head>`;

describe('the built stylesheet in the page', () => {
  it('replaces the link with the sheet itself', () => {
    const dir = webDirWith({ 'assets/index-abc.css': '.a{color:red}' });
    const link = '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">';
    expect(inlineStylesheets(page(link), dir)).toBe(page('<style>.a{color:red}</style>'));
  });

  it('keeps the link when the sheet is missing, names a relative url() or could close the element', () => {
    const dir = webDirWith({
      'assets/font.css': '@font-face{src:url(./font-abc.woff2)}',
      'assets/closing.css': '.a::after{content:"</style>"}',
      'assets/data.css': '.a{background:url(data:image/png;base64,AA==)}',
    });
    for (const file of ['missing.css', 'font.css', 'closing.css']) {
      const link = `<link rel="stylesheet" crossorigin href="/assets/${file}">`;
      expect(inlineStylesheets(page(link), dir)).toBe(page(link));
    }
    const data = '<link rel="stylesheet" crossorigin href="/assets/data.css">';
    expect(inlineStylesheets(page(data), dir)).toContain('<style>.a{background:url(data:');
  });

  it('leaves a path outside the build alone', () => {
    const dir = webDirWith({});
    const link = '<link rel="stylesheet" href="/assets/../../etc/passwd.css">';
    expect(inlineStylesheets(page(link), dir)).toBe(page(link));
  });
});
