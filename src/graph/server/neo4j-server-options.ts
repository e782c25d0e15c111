import { neo4jHome } from '../../common/local-paths';
import type { FolioConfig } from '../../config/folio-config';

export interface Neo4jServerOptions {
  boltPort: number;
  httpPort: number;
  user: string;
  password: string;
  /** JVM heap, initial = max, in Neo4j's size syntax (`512m`, `1g`). */
  heap: string;
  pageCache: string;
  withGds: boolean;
  /** How long a start may take before the launcher gives up. */
  startTimeoutMs: number;
  /** The Neo4j home the launcher lays out: lib/, plugins/, conf/, data/, logs/, run/. */
  home: string;
  /**
   * Folio's address as the person's web browser reaches it (FOLIO_PUBLIC_URL, else 127.0.0.1 on FOLIO_HTTP_PORT):
   * Neo4j Browser opens Folio's guide from it when a person connects.
   */
  folioUrl?: string;
}

/** The launcher's options from the one configuration (loadConfig parses and checks every NEO4J_* variable). */
export function neo4jServerOptions(
  config: Pick<FolioConfig, 'neo4j' | 'neo4jServer' | 'http'>,
): Neo4jServerOptions {
  const { boltPort, httpPort, heap, pageCache, withGds, startTimeoutMs } = config.neo4jServer;
  return {
    boltPort,
    httpPort,
    user: config.neo4j.user,
    password: config.neo4j.password,
    heap,
    pageCache,
    withGds,
    startTimeoutMs,
    home: neo4jHome(),
    folioUrl: config.http.publicUrl ?? `http://127.0.0.1:${config.http.port}`,
  };
}
