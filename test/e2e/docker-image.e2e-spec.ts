import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '../../src/config/folio-config';

// The Docker image without a daemon: scripts/docker/simulate-image.sh --quick assembles the runtime stage's tree
// (production node_modules, dist, cypher, schema, models) and starts it with only `node` on PATH.
const ROOT = path.resolve(__dirname, '..', '..');
const run = promisify(execFile);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the Docker image, simulated (simulate-image.sh --quick)', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-docker-sim-'));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('starts the runtime tree on production dependencies with only node on PATH, and answers /health/ready', async () => {
    const { neo4j } = loadConfig(process.env);
    const port = await freePort();
    const result = await run('bash', ['scripts/docker/simulate-image.sh', '--quick', scratch], {
      cwd: ROOT,
      timeout: 170_000,
      env: {
        ...process.env,
        SIM_PORT: String(port),
        NEO4J_URI: neo4j.uri,
        NEO4J_USER: neo4j.user,
        NEO4J_PASSWORD: neo4j.password,
      },
    }).catch((err: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`simulate-image.sh failed: ${err.message}\n${err.stdout ?? ''}\n${err.stderr ?? ''}`);
    });
    expect(result.stdout).toMatch(/removed \d+ packages/); // devDependencies pruned, as the image's build stage does
    expect(result.stdout).toMatch(
      /ready: \{"ready":true,"neo4j":\{"reachable":true,"error":null\},"migrations":\{"done":true/,
    );
    expect(result.stdout).toMatch(/GET \/graphql \(browser\) in production: HTTP 4\d\d/);
    expect(result.stdout).toContain('image start OK');
    // The tree holds what the Dockerfile's runtime stage copies, and no devDependency.
    const app = path.join(scratch, 'image', 'app');
    for (const entry of ['dist/main.js', 'cypher', 'schema.graphql', 'node_modules/@nestjs/core'])
      expect(fs.existsSync(path.join(app, entry))).toBe(true);
    expect(fs.existsSync(path.join(app, 'node_modules', 'jest'))).toBe(false);
  });
});
