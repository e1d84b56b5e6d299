import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string }; dev?: boolean; optional?: boolean }>;
};

/** Installed packages (optional platform binaries left out) with the Node range they declare. */
const declared = Object.entries(lock.packages)
  .filter(([where, info]) => where !== '' && !info.optional && info.engines?.node)
  .map(([where, info]) => ({
    name: where.replace(/^.*node_modules\//, ''),
    dev: Boolean(info.dev),
    range: info.engines?.node ?? '*',
  }));

/**
 * Declare Node >=22 while Node 20.19 runs them (the whole suite runs on 20): the
 * Fastify 5 line pulls them in. Drop Node 20 from `engines` when its users have moved.
 */
const KNOWN_NODE_22_ONLY = ['content-disposition', 'cookie'];

/** The release lines we support, as a closed range (native modules name the lines they build for). */
const SUPPORTED_LINES = '^20.19.0 || ^22.12.0 || ^24.0.0';

describe('18.8 supported Node versions', () => {
  it('18.8 package.json states Node 20.19+, 22.12+ and 24', () => {
    expect(manifest.engines.node).toBe('^20.19.0 || >=22.12.0');
    expect(semver.subset(SUPPORTED_LINES, manifest.engines.node)).toBe(true);
    for (const version of ['20.19.0', '22.12.0', '24.0.0', '24.11.0'])
      expect(semver.satisfies(version, manifest.engines.node), version).toBe(true);
    expect(semver.satisfies(process.version, manifest.engines.node)).toBe(true);
  });

  it('18.8 no installed package blocks Node 22 or 24', () => {
    const blocking = declared.filter(
      ({ range }) => !['22.12.0', '24.0.0'].every((v) => semver.satisfies(v, range)),
    );
    expect(blocking).toEqual([]);
  });

  it('18.8 every runtime dependency accepts our whole range, save the two known Node 22 packages', () => {
    const narrower = declared
      .filter(({ dev, range }) => !dev && !semver.subset(SUPPORTED_LINES, range))
      .map(({ name }) => name);
    expect([...new Set(narrower)].sort()).toEqual(KNOWN_NODE_22_ONLY);
  });
});
