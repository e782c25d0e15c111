import type { EmbeddingsTransport } from './embed.config';
import { EmbedErrorCode } from './embed.errors';
import { OpenAiCompatibleEmbedder } from './openai-embedder';

/** Deterministic vector of a text: [length, sum of char codes mod 97, 1, 0, …] (not normalised). */
function vectorOf(text: string, dimension: number): number[] {
  const v = new Array<number>(dimension).fill(0);
  v[0] = text.length;
  v[1] = [...text].reduce((s, c) => s + c.charCodeAt(0), 0) % 97;
  v[2] = 1;
  return v;
}

/** A transport that answers with `vectorOf` at `dimension` and records each request (llm's is tested in llm). */
function fakeTransport(dimension: number, fail?: Error) {
  const requests: Parameters<EmbeddingsTransport['embed']>[0][] = [];
  const transport: EmbeddingsTransport = {
    embed: async (request) => {
      requests.push(request);
      if (fail) throw fail;
      return request.input.map((text) => vectorOf(text, dimension));
    },
  };
  return { transport, requests };
}

const config = {
  backend: 'openai',
  baseUrl: 'http://127.0.0.1:1/v1',
  apiKey: 'k',
  model: 'test-embed',
} as const;

describe('OpenAiCompatibleEmbedder', () => {
  it('embeds in batches, sends a space for an empty text, and L2-normalises', async () => {
    const { transport, requests } = fakeTransport(8);
    const embedder = new OpenAiCompatibleEmbedder({ ...config, dimension: 8, batchSize: 2 }, transport);
    const texts = ['alpha', 'be', 'gamma ray', '', 'delta'];
    const vectors = await embedder.embedPassages(texts);
    expect(requests.map((r) => r.input)).toEqual([['alpha', 'be'], ['gamma ray', ' '], ['delta']]);
    expect(requests[0]).toEqual({ model: 'test-embed', input: ['alpha', 'be'] });
    vectors.forEach((v, i) => {
      const raw = vectorOf(texts[i] || ' ', 8);
      const norm = Math.hypot(...raw);
      expect(Array.from(v)).toEqual(raw.map((x) => Math.fround(x / norm)));
    });
    const query = await embedder.embedQuery('alpha');
    expect(Array.from(query)).toEqual(Array.from(vectors[0] as Float32Array));
  });

  it('fails clearly when the server returns vectors of another dimension', async () => {
    const { transport, requests } = fakeTransport(6);
    const embedder = new OpenAiCompatibleEmbedder(
      { ...config, dimension: 8, requestDimensions: true },
      transport,
    );
    const failure = embedder.embedPassages(['x']);
    await expect(failure).rejects.toMatchObject({ code: EmbedErrorCode.DIMENSION_MISMATCH });
    await expect(failure).rejects.toThrow(
      /returned 6-dimensional vectors, but the embedder is configured for 8/,
    );
    expect(requests[0]?.dimensions).toBe(8);
  });

  it('wraps a failed request with the server and model', async () => {
    const { transport } = fakeTransport(8, new Error('404 not found'));
    const embedder = new OpenAiCompatibleEmbedder({ ...config, dimension: 8 }, transport);
    const failure = embedder.embedQuery('x');
    await expect(failure).rejects.toMatchObject({ code: EmbedErrorCode.BACKEND_FAILED });
    await expect(failure).rejects.toThrow(
      /http:\/\/127.0.0.1:1\/v1 \(model test-embed\) failed: 404 not found/,
    );
  });

  it('refuses an answer with fewer vectors than texts', async () => {
    const short: EmbeddingsTransport = { embed: async () => [vectorOf('a', 8)] };
    const embedder = new OpenAiCompatibleEmbedder({ ...config, dimension: 8 }, short);
    await expect(embedder.embedPassages(['a', 'b'])).rejects.toThrow(/returned 1 embeddings for 2 inputs/);
  });
});
