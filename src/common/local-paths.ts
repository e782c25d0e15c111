import * as path from 'node:path';

// Everything Folio keeps on the local disk (Neo4j jars and data, model weights) lives under one ignored folder.
// FOLIO_HOME moves it; by default it is `.folio/` at the project root.
export const PROJECT_ROOT = path.resolve(__dirname, '..', '..');

export function folioHome(): string {
  return path.resolve(process.env.FOLIO_HOME ?? path.join(PROJECT_ROOT, '.folio'));
}

/** Where `mvn -f scripts/assets/pom.xml` copies jars: `<home>/assets/<profile-dir>`. */
export function assetsDir(): string {
  return path.join(folioHome(), 'assets');
}

export function modelsDir(): string {
  return path.join(folioHome(), 'models');
}

export function neo4jHome(): string {
  return path.join(folioHome(), 'neo4j');
}
