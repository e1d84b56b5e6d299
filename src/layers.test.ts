import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Imports run one way, from the layers above to the layers below. Each rule names a folder
 * of src/ and the folders it must never import from; a test file may reach anywhere.
 */
const RULES: { layer: string; mayNotImport: string[]; why: string }[] = [
  { layer: 'shared', mayNotImport: ['server', 'web'], why: 'rules both sides run' },
  { layer: 'web', mayNotImport: ['server'], why: 'the browser never bundles the server' },
  {
    layer: 'web/components',
    mayNotImport: ['web/features', 'web/app'],
    why: 'primitives know no feature',
  },
  { layer: 'web/lib', mayNotImport: ['web/features', 'web/app'], why: 'plumbing below features' },
  { layer: 'web/api', mayNotImport: ['web/features', 'web/app'], why: 'the query registry' },
  { layer: 'web/hooks', mayNotImport: ['web/features', 'web/app'], why: 'shared hooks' },
  {
    layer: 'web/features',
    mayNotImport: ['web/app'],
    why: 'the app layer composes features, never the other way',
  },
  {
    layer: 'server/http',
    mayNotImport: ['server/modules', 'server/realtime', 'server/pages', 'server/events'],
    why: 'HTTP plumbing, below every module',
  },
  {
    layer: 'server/db',
    mayNotImport: ['server/modules', 'server/realtime', 'server/pages', 'server/events'],
    why: 'the database layer, below every module (the demo seed included)',
  },
  {
    layer: 'server/events',
    mayNotImport: ['server/modules', 'server/realtime', 'server/pages'],
    why: 'the event bus, below the modules that publish on it',
  },
  {
    layer: 'server/limits',
    mayNotImport: ['server/modules', 'server/realtime', 'server/pages'],
    why: 'counters below the modules',
  },
  {
    layer: 'server/imaging',
    mayNotImport: ['server/modules', 'server/realtime', 'server/pages'],
    why: 'image tools below the modules',
  },
  {
    layer: 'server/modules',
    mayNotImport: ['server/realtime', 'server/pages', 'server/app.ts', 'server/main.ts'],
    why: 'the socket protocol and the pages sit above the modules',
  },
];

const SRC = import.meta.dirname;
const ALIASES: Record<string, string> = { '@shared/': 'shared/', '@web/': 'web/' };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const fromSrc = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

/** What a file imports, as paths under src/ (packages left out), read by TypeScript's own parser. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles.flatMap(({ fileName }) => {
    const alias = Object.keys(ALIASES).find((prefix) => fileName.startsWith(prefix));
    if (alias) return [ALIASES[alias] + fileName.slice(alias.length)];
    if (fileName.startsWith('.')) return [fromSrc(path.resolve(path.dirname(file), fileName))];
    return [];
  });
}

const isUnder = (target: string, folder: string) =>
  target === folder || target.startsWith(`${folder}/`) || target === folder.replace(/\.ts$/, '');

describe('layers', () => {
  const files = sourceFiles(SRC).map((file) => ({ name: fromSrc(file), imports: importsOf(file) }));

  it('reads the imports it checks', () => {
    const ws = files.find((f) => f.name === 'server/realtime/ws-routes.ts');
    expect(ws?.imports).toContain('server/events/publish');
    expect(files.length).toBeGreaterThan(300);
  });

  for (const rule of RULES) {
    it(`${rule.layer} imports nothing from ${rule.mayNotImport.join(', ')} (${rule.why})`, () => {
      const wrong = files
        .filter((file) => isUnder(file.name, rule.layer))
        .flatMap((file) =>
          file.imports
            .filter((target) => rule.mayNotImport.some((folder) => isUnder(target, folder)))
            .map((target) => `${file.name} -> ${target}`),
        );
      expect(wrong).toEqual([]);
    });
  }
});
