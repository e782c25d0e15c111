import { thrownBy } from '../common/testing/thrown';
import { ConfigError, loadConfig } from './folio-config';

describe('loadConfig', () => {
  it('gives working defaults for an empty environment (local Neo4j, local embeddings, no LLM)', () => {
    const config = loadConfig({});
    expect(config.neo4j.uri).toBe('bolt://127.0.0.1:7687');
    expect(config.embedder).toMatchObject({ backend: 'onnx', model: 'bge-small-en-v1.5-q', dimension: 384 });
    expect(config.llm).toBeNull();
    expect(config.http.port).toBe(3000);
  });

  it('reports every invalid variable at once', () => {
    const error = thrownBy(() =>
      loadConfig({
        NEO4J_URI: 'http://localhost:7474',
        NEO4J_PASSWORD: 'short',
        FOLIO_HTTP_PORT: 'eighty',
        FOLIO_OCR: 'maybe',
      }),
    );
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['NEO4J_URI', 'NEO4J_PASSWORD', 'FOLIO_HTTP_PORT', 'FOLIO_OCR'])
      expect(problems).toContain(name);
    expect((error as ConfigError).problems).toHaveLength(4);
  });

  it('checks cross-variable rules after the per-variable ones', () => {
    expect(() => loadConfig({ FOLIO_EMBEDDER: 'openai' })).toThrow(
      /FOLIO_EMBEDDING_BASE_URL[\s\S]*FOLIO_EMBEDDING_DIMENSION/,
    );
    expect(() => loadConfig({ FOLIO_LLM_MODEL: 'gpt-4o-mini' })).toThrow(/set both/);
    expect(() => loadConfig({ FOLIO_EMBEDDING_MODEL: 'no-such-model' })).toThrow(/local models are/);
  });

  it('bounds how long a request waits for Neo4j', () => {
    expect(loadConfig({}).neo4j).toMatchObject({
      connectionTimeoutMs: 2000,
      acquisitionTimeoutMs: 3000,
      maxRetryMs: 1000,
    });
    expect(() =>
      loadConfig({ NEO4J_CONNECTION_TIMEOUT_MS: '5000', NEO4J_ACQUISITION_TIMEOUT_MS: '1000' }),
    ).toThrow(/NEO4J_ACQUISITION_TIMEOUT_MS: must be at least NEO4J_CONNECTION_TIMEOUT_MS/);
  });

  it('derives the heartbeat from the staleness rule', () => {
    expect(loadConfig({}).heartbeat).toEqual({ intervalMs: 10_000, staleAfterMs: 300_000 });
    expect(loadConfig({ FOLIO_STALE_HEARTBEAT_MS: '3000' }).heartbeat).toEqual({
      intervalMs: 500,
      staleAfterMs: 3000,
    });
  });

  it('configures an OpenAI-compatible LLM and embedder when asked', () => {
    const config = loadConfig({
      FOLIO_LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      FOLIO_LLM_MODEL: 'llama3',
      FOLIO_EMBEDDER: 'openai',
      FOLIO_EMBEDDING_BASE_URL: 'http://127.0.0.1:11434/v1',
      FOLIO_EMBEDDING_MODEL: 'nomic-embed-text',
      FOLIO_EMBEDDING_DIMENSION: '768',
    });
    expect(config.llm).toMatchObject({
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3',
      apiKey: 'not-needed',
    });
    expect(config.embedder).toMatchObject({ backend: 'openai', dimension: 768 });
  });

  it('allows an open API (no keys) only on loopback, unless openness is asked for', () => {
    const hash = 'a'.repeat(64);
    // Beyond loopback the keys may live in Neo4j, so the API start (not the config) refuses when there are none.
    expect(loadConfig({ FOLIO_HTTP_HOST: '0.0.0.0' }).auth).toEqual({
      keys: [],
      openAllowed: false,
      keyCacheMs: 5000,
    });
    expect(
      loadConfig({ FOLIO_HTTP_HOST: '0.0.0.0', FOLIO_API_KEYS: `admin:${hash},write:${'b'.repeat(64)}` }).auth
        .keys,
    ).toEqual([
      { scope: 'admin', sha256: hash },
      { scope: 'write', sha256: 'b'.repeat(64) },
    ]);
    expect(loadConfig({ FOLIO_HTTP_HOST: '0.0.0.0', FOLIO_ALLOW_OPEN_API: 'true' }).auth.openAllowed).toBe(
      true,
    );
    expect(loadConfig({}).auth).toEqual({ keys: [], openAllowed: true, keyCacheMs: 5000 });
    expect(() => loadConfig({ FOLIO_API_KEYS: `owner:${hash}` })).toThrow(/read\|write\|admin/);
  });
});
