import { neo4jHome } from '../../common/local-paths';
import type { FolioConfig } from '../../config/folio-config';
import type { Neo4jServerConfig } from '../../config/neo4j-server.config';

/** The launcher's options: the server's settings, the credentials the driver shares, where the server lives. */
export interface Neo4jServerOptions
  extends Neo4jServerConfig, Pick<FolioConfig['neo4j'], 'user' | 'password'> {
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
  return {
    ...config.neo4jServer,
    user: config.neo4j.user,
    password: config.neo4j.password,
    home: neo4jHome(),
    folioUrl: config.http.publicUrl ?? `http://127.0.0.1:${config.http.port}`,
  };
}
