import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFileReader } from './build-file';

describe('a build file reader', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'canopy-build-'));
  const file = path.join(folder, 'index.html');
  /** two builds have distinct modification times */
  const build = (text: string, mtime: number) => {
    writeFileSync(file, text);
    utimesSync(file, mtime, mtime);
  };

  it('looks at the file again only after its recheck window, then serves the rebuild', () => {
    build('v1', 1_000);
    let parses = 0;
    const slow = buildFileReader(file, (text) => `${text}#${++parses}`, 60_000);
    const eager = buildFileReader(file, (text) => text, 0);
    expect(slow()).toBe('v1#1');
    expect(eager()).toBe('v1');
    build('v2', 2_000);
    // within its window the reader neither looks at the file nor parses it again
    expect(slow()).toBe('v1#1');
    expect(eager()).toBe('v2');
  });

  it('keeps the last good value while the file is missing, and is null before there was one', () => {
    build('v3', 3_000);
    const reader = buildFileReader(file, (text) => text, 0);
    expect(reader()).toBe('v3');
    rmSync(file);
    expect(reader()).toBe('v3');
    expect(buildFileReader(path.join(folder, 'none.html'), (text) => text, 0)()).toBeNull();
  });
});
