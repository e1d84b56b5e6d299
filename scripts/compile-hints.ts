/**
 * V8 compiles a function the first time it runs, on the main thread, unless the file says its
 * functions all run at load: then Chromium compiles them while the file streams in, off the
 * main thread (explicit compile hints, Chrome 136). The storefront's hydration chunks are such
 * files: react-dom and the app run most of their functions as a server-rendered page hydrates.
 * Other browsers read the line as a comment.
 */
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The modules a server-rendered storefront page runs as it hydrates. */
const HYDRATION_MODULES = [/src\/web\/start\.tsx$/, /src\/web\/app\/routes\/product-route\.tsx$/];

interface Chunk {
  fileName: string;
  facadeModuleId: string | null;
  /** the chunks it imports statically */
  imports: readonly string[];
}

/** The hydration modules' chunks and every chunk they import statically (not with `import()`). */
export function hydrationChunks(chunks: readonly Chunk[]): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const found = new Set<string>();
  const queue = chunks.filter((c) => HYDRATION_MODULES.some((p) => p.test(c.facadeModuleId ?? '')));
  while (queue.length > 0) {
    const chunk = queue.pop() as Chunk;
    if (found.has(chunk.fileName)) continue;
    found.add(chunk.fileName);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) queue.push(imported);
    }
  }
  return found;
}

/**
 * Writes the hint once the files are final: the minifier drops comments, and Vite's own
 * prelude comes first otherwise. Like that prelude, it is not part of the file's hashed name;
 * the hint follows from the chunk graph, which the names already cover.
 */
export function compileHints(): Plugin {
  return {
    name: 'canopy:compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const hinted = hydrationChunks(chunks);
        for (const chunk of chunks) {
          if (!hinted.has(chunk.fileName) || chunk.code.startsWith(COMPILE_HINT)) continue;
          chunk.code = COMPILE_HINT + chunk.code;
          // with source maps on, every line moves down one: so do the map's (one empty line first)
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const mapFile = bundle[`${chunk.fileName}.map`];
          if (mapFile?.type === 'asset' && typeof mapFile.source === 'string') {
            const map = JSON.parse(mapFile.source) as { mappings: string };
            mapFile.source = JSON.stringify({ ...map, mappings: `;${map.mappings}` });
          }
        }
      },
    },
  };
}
