import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PROJECT_ROOT, assetsDir } from './local-paths';

/** Profiles of scripts/assets/pom.xml and the folder under assetsDir() each one fills. */
export const MAVEN_PROFILES = { neo4j: 'neo4j-lib', gds: 'gds', models: 'model-jars' } as const;
export type MavenProfile = keyof typeof MAVEN_PROFILES;

/** Written by the pom's `list` execution next to the jars: one `group:artifact:type[:classifier]:version:scope` a line. */
export const ARTIFACT_LIST_FILE = 'artifacts.txt';

export interface MavenArtifact {
  groupId: string;
  artifactId: string;
  type: string;
  classifier?: string;
  version: string;
  /** File name maven-dependency-plugin's copy-dependencies gives the artifact. */
  fileName: string;
}

export class AssetFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AssetFetchError';
  }
}

/** Folder holding the jars of a profile; fetched once with Maven, reused afterwards. */
export function mavenProfileDir(profile: MavenProfile): string {
  return path.join(assetsDir(), MAVEN_PROFILES[profile]);
}

const POM = path.join(PROJECT_ROOT, 'scripts', 'assets', 'pom.xml');

async function runMaven(profile: MavenProfile, goals: string[], what: string): Promise<void> {
  const args = ['-q', '-B', '-f', POM, '-P', profile, `-Dassets.dir=${assetsDir()}`, ...goals];
  const output: string[] = [];
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn('mvn', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d: Buffer) => output.push(d.toString()));
    child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
    child.on('error', (err) =>
      reject(new AssetFetchError(`Could not run Maven (mvn): ${err.message}. Install Maven 3 and Java 17.`)),
    );
    child.on('close', (c) => resolve(c ?? 1));
  });
  if (code !== 0) {
    throw new AssetFetchError(
      `Maven could not ${what} the '${profile}' assets (exit ${code}). Check access to Maven Central.\n${output.join('').slice(-2000)}`,
    );
  }
}

/**
 * Copies the jars of one pom profile from Maven Central (through the local ~/.m2 cache) into assetsDir().
 * A folder that already holds jars is reused unless `force` is set.
 */
export async function fetchMavenProfile(
  profile: MavenProfile,
  opts: { force?: boolean } = {},
): Promise<string> {
  const dir = mavenProfileDir(profile);
  const present = fs.existsSync(dir) && fs.readdirSync(dir).some((f) => f.endsWith('.jar'));
  if (present && !opts.force) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  await runMaven(profile, ['package'], 'fetch');
  return dir;
}

/**
 * The Maven coordinates of every jar of a fetched profile. Folders fetched before the pom wrote
 * artifacts.txt get it from `dependency:list` (resolved from ~/.m2, a few seconds, jars untouched).
 */
export async function mavenProfileArtifacts(profile: MavenProfile): Promise<MavenArtifact[]> {
  const dir = await fetchMavenProfile(profile);
  const listFile = path.join(dir, ARTIFACT_LIST_FILE);
  if (!fs.existsSync(listFile)) await runMaven(profile, ['dependency:list@list'], 'list');
  return parseMavenArtifactList(fs.readFileSync(listFile, 'utf8'));
}

/** Parses `mvn dependency:list` output lines such as `   org.slf4j:slf4j-api:jar:2.0.9:compile -- module org.slf4j`. */
export function parseMavenArtifactList(text: string): MavenArtifact[] {
  const artifacts: MavenArtifact[] = [];
  for (const raw of text.split('\n')) {
    const coordinates = raw.trim().split(/\s/)[0] ?? '';
    const parts = coordinates.split(':');
    if (parts.length !== 5 && parts.length !== 6) continue;
    const [groupId = '', artifactId = '', type = ''] = parts;
    const classifier = parts.length === 6 ? parts[3] : undefined;
    const version = parts[parts.length - 2] ?? '';
    const fileName = `${artifactId}-${version}${classifier ? `-${classifier}` : ''}.${type}`;
    artifacts.push({ groupId, artifactId, type, version, fileName, ...(classifier ? { classifier } : {}) });
  }
  return artifacts;
}
