import { loadConfig } from '../../src/config/folio-config';
import { HttpApp, startHttpApp } from '../support/http-app';

describe('GraphQL over HTTP: health and documents', () => {
  let http: HttpApp;
  beforeAll(async () => {
    http = await startHttpApp();
  });
  afterAll(async () => http.close());

  it('health reports Neo4j, GDS, online indexes and the embedder', async () => {
    const res = await http.graphql<{ health: Record<string, any> }>(`{
      health {
        ok
        neo4j { reachable version edition database }
        gds { available version }
        indexes { name type state }
        embedder { backend model dimension recordedModel }
      }
    }`);
    expect(res.errors).toBeUndefined();
    const health = res.data!.health;
    expect(health.ok).toBe(true);
    expect(health.neo4j).toMatchObject({ reachable: true, edition: 'community', database: 'neo4j' });
    expect(health.neo4j.version).toMatch(/^5\.26\./);
    expect(health.gds).toEqual({ available: true, version: '2.13.9' });
    expect(health.indexes.map((i: { name: string }) => i.name)).toEqual(
      expect.arrayContaining(['element_embedding', 'element_text', 'document_id_unique']),
    );
    expect(health.indexes.every((i: { state: string }) => i.state === 'ONLINE')).toBe(true);
    const { model } = loadConfig().embedder;
    expect(health.embedder).toEqual({ backend: 'onnx', model, dimension: 384, recordedModel: model });
  });

  it('documents answers with a connection (lists, not errors), and a page past the end is empty', async () => {
    const first = await http.graphql<{ documents: any }>(
      `{ documents(first: 100) { totalCount edges { cursor node { id title status } } pageInfo { hasNextPage endCursor } } }`,
    );
    expect(first.errors).toBeUndefined();
    expect(Array.isArray(first.data!.documents.edges)).toBe(true);
    expect(typeof first.data!.documents.totalCount).toBe('number');

    const past = await http.graphql<{ documents: any }>(
      `query($after: String) { documents(first: 5, after: $after) { edges { cursor } pageInfo { hasNextPage endCursor } } }`,
      { after: Buffer.from(JSON.stringify(['0001-01-01T00:00:00Z', '~'])).toString('base64url') },
    );
    expect(past.errors).toBeUndefined();
    expect(past.data!.documents).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: null } });
  });

  it('counts the corpus graph per label and relationship type', async () => {
    const res = await http.graphql<{ corpusStats: { nodes: Array<{ label: string; count: number }> } }>(
      `{ corpusStats { nodes { label count } relationships { type count } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.corpusStats.nodes.map((n) => n.label)).toContain('FolioSchema');
  });

  it('errors carry extensions.code', async () => {
    const missing = await http.graphql(`{ document(id: "no-such-document") { id } }`);
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const badCursor = await http.graphql(`{ documents(after: "garbage") { totalCount } }`);
    expect(badCursor.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const badSize = await http.graphql(`{ documents(first: 0) { totalCount } }`);
    expect(badSize.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const invalid = await http.graphql(`{ nope }`);
    expect(invalid.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});
