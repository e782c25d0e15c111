import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CypherRegistry, CypherRegistryError, parseCypherFile } from './cypher-registry';

const header = (params: string, returns = 'x') =>
  `// Does a thing.\n// Params: ${params}\n// Returns: ${returns}\n`;

describe('parseCypherFile', () => {
  it('reads purpose, params and returned columns from the header', () => {
    const q = parseCypherFile(
      'm/q',
      `${header('$id, $limit', 'document, total')}MATCH (d {id: $id}) RETURN d LIMIT $limit;\n`,
    );
    expect(q).toMatchObject({
      name: 'm/q',
      purpose: 'Does a thing.',
      params: ['id', 'limit'],
      returns: ['document', 'total'],
    });
    expect(q.text).toBe('MATCH (d {id: $id}) RETURN d LIMIT $limit');
    expect(q.once).toBe(false);
  });

  it('reads a `// Once:` line as a run-once backfill, outside the purpose', () => {
    const q = parseCypherFile(
      'migrations/x',
      `// Backfills.\n// Once: scans every node.\n${header('none', 'nothing').split('\n').slice(1).join('\n')}MATCH (n) SET n.x = 1`,
    );
    expect(q).toMatchObject({ purpose: 'Backfills.', once: true });
  });

  it.each([
    ['MATCH (d:Document) RETURN d.id AS x', false],
    ["MATCH (d:Document) WHERE d.title = 'SET and DELETE' RETURN d.id AS x // CREATE", false],
    ['CALL gds.graph.drop($g, false) YIELD graphName RETURN graphName AS x', false],
    ['MATCH (d:Document) SET d.seen = true RETURN d.id AS x', true],
    ['MERGE (d:Document {id: $g}) RETURN d.id AS x', true],
    ['MATCH (d:Document) DETACH DELETE d RETURN count(*) AS x', true],
    ["MATCH (p:Page) CALL db.create.setNodeVectorProperty(p, 'v', $g) RETURN p.id AS x", true],
  ])('marks `%s` as writing: %s (reads are routed READ, writes WRITE)', (text, writes) => {
    const params = text.includes('$g') ? '$g' : 'none';
    expect(parseCypherFile('m/q', `${header(params)}${text}`).writes).toBe(writes);
  });

  it('rejects a file without a header', () => {
    expect(() => parseCypherFile('m/q', 'RETURN 1')).toThrow(/missing header/);
  });

  it('rejects parameters that the header does not declare, and declared ones never used', () => {
    expect(() => parseCypherFile('m/q', `${header('none')}RETURN $x`)).toThrow(/not declared.*\$x/);
    expect(() => parseCypherFile('m/q', `${header('$x, $y')}RETURN $x`)).toThrow(/does not use.*\$y/);
  });

  it('ignores $ inside strings and comments', () => {
    expect(() => parseCypherFile('m/q', `${header('none')}RETURN '$notAParam' // $nor\n`)).not.toThrow();
  });

  it('rejects more than one statement', () => {
    expect(() => parseCypherFile('m/q', `${header('none')}RETURN 1; RETURN 2`)).toThrow(/one query per file/);
  });
});

describe('CypherRegistry', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cypher-'));
    fs.mkdirSync(path.join(dir, 'graph'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('names queries by their path and fails fast on a missing one', () => {
    fs.writeFileSync(path.join(dir, 'graph', 'ping.cypher'), `${header('none', 'one')}RETURN 1 AS one`);
    const registry = new CypherRegistry(dir);
    expect(registry.get('graph/ping').returns).toEqual(['one']);
    expect(() => registry.get('graph/nope')).toThrow(CypherRegistryError);
  });

  it('lists every malformed file at once', () => {
    fs.writeFileSync(path.join(dir, 'graph', 'a.cypher'), 'RETURN 1');
    fs.writeFileSync(path.join(dir, 'graph', 'b.cypher'), `${header('none')}RETURN $p`);
    expect(() => new CypherRegistry(dir)).toThrow(/a\.cypher[\s\S]*b\.cypher/);
  });

  it('loads the project cypher/ folder', () => {
    const registry = new CypherRegistry();
    expect(registry.list('migrations/').length).toBeGreaterThan(10);
  });

  it('ships no test-only query: those live in test/cypher', () => {
    const names = new CypherRegistry().list().map((q) => q.name);
    expect(names.filter((n) => /(^|\/|-)test-/.test(n))).toEqual([]);
  });
});
