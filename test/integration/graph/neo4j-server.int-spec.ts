import { loadConfig } from '../../../src/config/folio-config';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import neo4j, { type Driver, type Integer } from 'neo4j-driver';
import { Neo4jServerError, Neo4jServerErrorCode } from '../../../src/graph/server/neo4j-server.errors';
import {
  browserUrl,
  neo4jServerOptions,
  neo4jStatus,
  startNeo4j,
  type Neo4jServerOptions,
} from '../../../src/graph/server/neo4j-server';

// Runs against the launcher's server (global setup starts it); it only reads, so it can share the database.
describe('Neo4j launcher (real server)', () => {
  const opts = neo4jServerOptions(loadConfig());
  let driver: Driver;

  beforeAll(async () => {
    await startNeo4j(opts);
    driver = neo4j.driver(`bolt://127.0.0.1:${opts.boltPort}`, neo4j.auth.basic(opts.user, opts.password));
  });
  afterAll(async () => driver.close());

  it('answers RETURN 1 over Bolt', async () => {
    const { records } = await driver.executeQuery('RETURN 1 AS one');
    expect(neo4j.integer.toNumber(records[0]?.get('one') as Integer)).toBe(1);
  });

  it('has open GDS 2.13.9 loaded', async () => {
    const { records } = await driver.executeQuery('RETURN gds.version() AS version');
    expect(records[0]?.get('version')).toBe('2.13.9');
  });

  it('serves Neo4j Browser', async () => {
    const response = await fetch(browserUrl(opts));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toMatch(/<title>Neo4j Browser<\/title>/);
  });

  it('treats a second start as a no-op', async () => {
    const first = await neo4jStatus(opts);
    const again = await startNeo4j(opts);
    expect(again).toMatchObject({
      alreadyRunning: true,
      pid: first.pid,
      boltUrl: `bolt://127.0.0.1:${opts.boltPort}`,
    });
  });

  it('reports status with version and GDS', async () => {
    const status = await neo4jStatus(opts);
    expect(status).toMatchObject({ running: true, boltReachable: true, version: '5.26.29' });
    if (opts.withGds) expect(status.gdsVersion).toBe('2.13.9');
  });

  describe('with a port held by another program', () => {
    let home: string;
    let blocker: net.Server;
    let blockedPort: number;

    beforeEach(async () => {
      home = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-neo4j-home-'));
      blocker = net.createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
      blockedPort = (blocker.address() as net.AddressInfo).port;
    });
    afterEach(async () => {
      await new Promise((resolve) => blocker.close(resolve));
      fs.rmSync(home, { recursive: true, force: true });
    });

    it('fails with an error naming the port and the variable to change, after cleaning a stale pid file', async () => {
      const other: Neo4jServerOptions = { ...opts, home, boltPort: blockedPort, httpPort: blockedPort + 1 };
      const pidFile = path.join(home, 'run', 'neo4j.pid');
      fs.mkdirSync(path.dirname(pidFile), { recursive: true });
      fs.writeFileSync(pidFile, String(2 ** 22 + 4242)); // no such process
      const error = await startNeo4j(other).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(Neo4jServerError);
      expect((error as Neo4jServerError).code).toBe(Neo4jServerErrorCode.PORT_IN_USE);
      expect((error as Error).message).toContain(`Port ${blockedPort}`);
      expect((error as Error).message).toContain('NEO4J_BOLT_PORT');
      expect(fs.existsSync(pidFile)).toBe(false);
    });
  });
});
