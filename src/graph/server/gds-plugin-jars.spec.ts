import { parseMavenArtifactList, type MavenArtifact } from '../../common/maven-fetch';
import { selectGdsPluginJars } from './gds-plugin-jars';

const artifact = (coordinates: string): MavenArtifact => {
  const [parsed] = parseMavenArtifactList(coordinates);
  if (!parsed) throw new Error(`bad coordinates ${coordinates}`);
  return parsed;
};

describe('parseMavenArtifactList', () => {
  it('reads mvn dependency:list output, with and without classifier', () => {
    const text = [
      '',
      'The following files have been resolved:',
      '   org.neo4j.gds:proc:jar:2.13.9:compile -- module proc (auto)',
      '   io.netty:netty-transport-native-epoll:jar:linux-x86_64:4.1.136.Final:runtime',
      '   org.javassist:javassist:jar:3.28.0-GA:runtime -- module org.javassist',
      '   org.opencypher:cypher-ast-factory-9.0:jar:9.0.20210312:runtime',
    ].join('\n');
    expect(parseMavenArtifactList(text).map((a) => a.fileName)).toEqual([
      'proc-2.13.9.jar',
      'netty-transport-native-epoll-4.1.136.Final-linux-x86_64.jar',
      'javassist-3.28.0-GA.jar',
      'cypher-ast-factory-9.0-9.0.20210312.jar',
    ]);
    expect(parseMavenArtifactList(text)[1]).toMatchObject({
      classifier: 'linux-x86_64',
      version: '4.1.136.Final',
    });
  });
});

describe('selectGdsPluginJars', () => {
  const lib = [
    'org.neo4j:neo4j-kernel:jar:5.26.29:compile',
    'org.neo4j:annotations:jar:5.26.29:compile',
    'org.neo4j:neo4j-values:jar:5.26.29:compile',
    'org.neo4j:cypher-ast-factory:jar:5.26.29:compile',
    'org.eclipse.collections:eclipse-collections:jar:11.1.0:compile',
    'com.fasterxml.jackson.core:jackson-annotations:jar:2.22:compile',
    'com.fasterxml.jackson.core:jackson-core:jar:2.22.1:compile',
    'com.fasterxml.jackson.core:jackson-databind:jar:2.22.1:compile',
    'org.apache.commons:commons-text:jar:1.12.0:compile',
    'org.slf4j:slf4j-api:jar:2.0.9:compile',
    'org.javassist:javassist:jar:3.30.2-GA:compile',
  ].map(artifact);
  const gds = [
    'org.neo4j.gds:opengds-extension:jar:2.13.9:compile',
    'org.neo4j.gds:proc:jar:2.13.9:compile',
    'org.neo4j.gds:annotations:jar:2.13.9:runtime',
    'org.neo4j.gds:neo4j-values:jar:2.13.9:runtime',
    'org.opencypher:cypher-ast-factory-9.0:jar:9.0.20210312:runtime',
    'com.fasterxml.jackson.dataformat:jackson-dataformat-csv:jar:2.18.6:runtime',
    'org.eclipse.collections:eclipse-collections:jar:11.1.0:runtime',
    'com.fasterxml.jackson.core:jackson-annotations:jar:2.18.6:runtime',
    'com.fasterxml.jackson.core:jackson-core:jar:2.18.6:runtime',
    'com.fasterxml.jackson.core:jackson-databind:jar:2.18.6:runtime',
    'org.apache.commons:commons-text:jar:1.14.0:runtime',
    'org.slf4j:slf4j-api:jar:1.7.32:runtime',
    'org.javassist:javassist:jar:3.28.0-GA:runtime',
  ].map(artifact);
  const selection = selectGdsPluginJars(gds, lib);

  it('keeps GDS jars, including those whose artifactId lib/ uses under another groupId', () => {
    expect(selection.keep).toEqual([
      'annotations-2.13.9.jar',
      'cypher-ast-factory-9.0-9.0.20210312.jar',
      'jackson-dataformat-csv-2.18.6.jar',
      'neo4j-values-2.13.9.jar',
      'opengds-extension-2.13.9.jar',
      'proc-2.13.9.jar',
    ]);
  });

  it('skips what lib/ already has, whatever the version', () => {
    expect(selection.skipped).toContainEqual({
      fileName: 'eclipse-collections-11.1.0.jar',
      reason: 'already in lib/ as eclipse-collections-11.1.0.jar',
    });
  });

  it('skips the older jackson, commons-text, slf4j-api and javassist copies that clash with lib/', () => {
    const clashing = selection.skipped.filter((s) => s.reason.startsWith('clashes')).map((s) => s.fileName);
    expect(clashing.sort()).toEqual([
      'commons-text-1.14.0.jar',
      'jackson-annotations-2.18.6.jar',
      'jackson-core-2.18.6.jar',
      'jackson-databind-2.18.6.jar',
      'javassist-3.28.0-GA.jar',
      'slf4j-api-1.7.32.jar',
    ]);
    expect(selection.skipped.find((s) => s.fileName === 'slf4j-api-1.7.32.jar')?.reason).toContain(
      'lib/ has 2.0.9',
    );
  });

  it('accounts for every GDS jar exactly once', () => {
    expect(selection.keep.length + selection.skipped.length).toBe(gds.length);
  });
});
