import type { MavenArtifact } from '../../common/maven-fetch';

/**
 * Libraries GDS 2.13 brings in an older version than Neo4j 5.26's lib/: two copies on one classpath break
 * class loading, so GDS runs on lib/'s copy. Listed so the skip reason names the clash.
 */
export const GDS_CLASHING_ARTIFACTS: readonly string[] = [
  'jackson-annotations',
  'jackson-core',
  'jackson-databind',
  'commons-text',
  'slf4j-api',
  'javassist',
];

export interface PluginJarSelection {
  /** File names (in the GDS folder) to link into plugins/. */
  keep: string[];
  skipped: { fileName: string; reason: string }[];
}

// groupId matters: GDS has its own `annotations` and `neo4j-values` (org.neo4j.gds), unrelated to Neo4j's.
const artifactKey = (a: Pick<MavenArtifact, 'groupId' | 'artifactId' | 'classifier'>): string =>
  [a.groupId, a.artifactId, a.classifier].filter(Boolean).join(':');

/**
 * Which GDS jars go into plugins/: all of opengds-extension + proc with their dependencies, minus every artifact
 * (compared by groupId, artifactId and classifier, not version) that lib/ already holds, which covers the clashing ones.
 */
export function selectGdsPluginJars(
  gds: readonly MavenArtifact[],
  lib: readonly MavenArtifact[],
): PluginJarSelection {
  const inLib = new Map(lib.map((a) => [artifactKey(a), a]));
  const selection: PluginJarSelection = { keep: [], skipped: [] };
  for (const artifact of gds) {
    const libCopy = inLib.get(artifactKey(artifact));
    if (GDS_CLASHING_ARTIFACTS.includes(artifact.artifactId)) {
      const libVersion = libCopy ? `lib/ has ${libCopy.version}` : 'not in lib/';
      selection.skipped.push({
        fileName: artifact.fileName,
        reason: `clashes with Neo4j's copy (${libVersion})`,
      });
    } else if (libCopy) {
      selection.skipped.push({
        fileName: artifact.fileName,
        reason: `already in lib/ as ${libCopy.fileName}`,
      });
    } else {
      selection.keep.push(artifact.fileName);
    }
  }
  selection.keep.sort();
  return selection;
}
