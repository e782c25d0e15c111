import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
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

interface EmbeddingsRequest {
  model: string;
  input: string[];
  encoding_format?: string;
  dimensions?: number;
}

/** A tiny OpenAI-compatible server: POST /v1/embeddings, answering in reverse index order to test re-ordering. */
async function startServer(serverDimension: number) {
  const requests: { body: EmbeddingsRequest; authorization: string | undefined }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/embeddings') {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const body = JSON.parse(raw) as EmbeddingsRequest;
      requests.push({ body, authorization: req.headers.authorization });
      const data = body.input
        .map((text, index) => ({ object: 'embedding', index, embedding: vectorOf(text, serverDimension) }))
        .reverse();
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          object: 'list',
          model: body.model,
          data,
          usage: { prompt_tokens: 1, total_tokens: 1 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('OpenAiCompatibleEmbedder', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  afterEach(() => server.close());

  it('embeds in batches, keeps input order, and L2-normalises', async () => {
    server = await startServer(8);
    const embedder = new OpenAiCompatibleEmbedder({
      backend: 'openai',
      baseUrl: server.baseUrl,
      apiKey: 'sk-test',
      model: 'test-embed',
      dimension: 8,
      batchSize: 2,
    });
    const texts = ['alpha', 'be', 'gamma ray', '', 'delta'];
    const vectors = await embedder.embedPassages(texts);
    expect(server.requests.map((r) => r.body.input)).toEqual([
      ['alpha', 'be'],
      ['gamma ray', ' '],
      ['delta'],
    ]);
    expect(server.requests[0]).toMatchObject({
      authorization: 'Bearer sk-test',
      body: { model: 'test-embed', encoding_format: 'float' },
    });
    expect(server.requests[0]?.body.dimensions).toBeUndefined();
    vectors.forEach((v, i) => {
      const raw = vectorOf(texts[i] || ' ', 8);
      const norm = Math.hypot(...raw);
      expect(Array.from(v)).toEqual(raw.map((x) => Math.fround(x / norm)));
    });
    const query = await embedder.embedQuery('alpha');
    expect(Array.from(query)).toEqual(Array.from(vectors[0] as Float32Array));
  });

  it('fails clearly when the server returns vectors of another dimension', async () => {
    server = await startServer(6);
    const embedder = new OpenAiCompatibleEmbedder({
      backend: 'openai',
      baseUrl: server.baseUrl,
      apiKey: 'k',
      model: 'test-embed',
      dimension: 8,
      requestDimensions: true,
    });
    const failure = embedder.embedPassages(['x']);
    await expect(failure).rejects.toMatchObject({ code: EmbedErrorCode.DIMENSION_MISMATCH });
    await expect(failure).rejects.toThrow(
      /returned 6-dimensional vectors, but the embedder is configured for 8/,
    );
    expect(server.requests[0]?.body.dimensions).toBe(8);
  });

  it('wraps HTTP errors with the server and model', async () => {
    server = await startServer(8);
    const embedder = new OpenAiCompatibleEmbedder({
      backend: 'openai',
      baseUrl: `${server.baseUrl}/wrong`,
      apiKey: 'k',
      model: 'test-embed',
      dimension: 8,
    });
    await expect(embedder.embedQuery('x')).rejects.toMatchObject({ code: EmbedErrorCode.BACKEND_FAILED });
  });
});
