import * as fs from 'node:fs';
import * as path from 'node:path';
import { PROJECT_ROOT } from '../src/common/local-paths';

/**
 * One of Folio's modules from a build (`dist/` by default, or another build's folder to compare against): scripts
 * run under tsx, whose esbuild emits no decorator metadata, and Nest's DI needs the constructor metadata tsc emits.
 */
export async function loadCompiled<M>(file: string, dist = path.join(PROJECT_ROOT, 'dist')): Promise<M> {
  const compiled = path.join(dist, `${file}.js`);
  if (!fs.existsSync(compiled)) throw new Error(`${compiled} is missing: run \`npm run -s build\` first.`);
  return (await import(compiled)) as M;
}
