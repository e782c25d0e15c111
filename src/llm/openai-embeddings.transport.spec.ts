import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OpenAiEmbeddingsTransport } from './openai-embeddings.transport';

/** A server's vector of a text: [length, index in the request, 1]. */
const vectorOf = (text: string, index: number) => [text.length, index, 1];

interface EmbeddingsRequest {
  model: string;
  input: string[];
  encoding_format?: string;
  dimensions?: number;
}

/** A tiny OpenAI-compatible server: POST /v1/embeddings, answering in reverse index order to test re-ordering. */
async function startServer() {
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
        .map((text, index) => ({ object: 'embedding', index, embedding: vectorOf(text, index) }))
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

describe('OpenAiEmbeddingsTransport', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  afterEach(() => server.close());

  it('posts the texts with the key and float encoding, and returns vectors in input order', async () => {
    server = await startServer();
    const transport = new OpenAiEmbeddingsTransport({ baseUrl: server.baseUrl, apiKey: 'sk-test' });
    const vectors = await transport.embed({ model: 'test-embed', input: ['alpha', 'be', 'gamma ray'] });
    // The server answers in reverse index order.
    expect(vectors).toEqual([vectorOf('alpha', 0), vectorOf('be', 1), vectorOf('gamma ray', 2)]);
    expect(server.requests[0]).toMatchObject({
      authorization: 'Bearer sk-test',
      body: { model: 'test-embed', input: ['alpha', 'be', 'gamma ray'], encoding_format: 'float' },
    });
    expect(server.requests[0]?.body.dimensions).toBeUndefined();
  });

  it('asks for a vector length only when given one', async () => {
    server = await startServer();
    const transport = new OpenAiEmbeddingsTransport({ baseUrl: server.baseUrl, apiKey: '' });
    await transport.embed({ model: 'm', input: ['x'], dimensions: 8 });
    expect(server.requests[0]?.body.dimensions).toBe(8);
  });

  it('rejects when the server answers with an HTTP error', async () => {
    server = await startServer();
    const transport = new OpenAiEmbeddingsTransport({ baseUrl: `${server.baseUrl}/wrong`, apiKey: 'k' });
    await expect(transport.embed({ model: 'm', input: ['x'] })).rejects.toThrow(/404/);
  });
});
