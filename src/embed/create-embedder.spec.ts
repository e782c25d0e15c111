import { createEmbedder, embedderDeps, type EmbedderFactoryDeps } from './create-embedder';
import type { EmbedderConfig, OpenAiEmbedderConfig } from './embed.config';
import { EmbedErrorCode } from './embed.errors';
import type { Embedder } from './embedder';
import { OpenAiCompatibleEmbedder } from './openai-embedder';

const fakeEmbedder = { modelName: 'fake' } as Embedder;
/** A transport that is never called: building an embedder sends nothing. */
const openTransport = () => ({ embed: () => Promise.reject(new Error('not called')) });

/** An openai-backend config; `over` changes what a test is about. */
const openAiConfig = (over: Partial<OpenAiEmbedderConfig> = {}): OpenAiEmbedderConfig => ({
  backend: 'openai',
  baseUrl: 'http://x/v1',
  apiKey: '',
  model: 'm',
  dimension: 4,
  ...over,
});

function deps() {
  return {
    loadOnnx: jest.fn<
      ReturnType<EmbedderFactoryDeps['loadOnnx']>,
      Parameters<EmbedderFactoryDeps['loadOnnx']>
    >(async () => fakeEmbedder),
    createOpenAi: jest.fn<Embedder, Parameters<EmbedderFactoryDeps['createOpenAi']>>(() => fakeEmbedder),
  };
}

describe('createEmbedder', () => {
  it('loads the named ONNX model with the batch size and threads given', async () => {
    const d = deps();
    await expect(
      createEmbedder({ backend: 'onnx', model: 'bge-small-en-v1.5-q', batchSize: 8, threads: 1 }, d),
    ).resolves.toBe(fakeEmbedder);
    expect(d.loadOnnx).toHaveBeenCalledWith('bge-small-en-v1.5-q', { batchSize: 8, threads: 1 });
    expect(d.createOpenAi).not.toHaveBeenCalled();
  });

  it('rejects an unknown ONNX model before loading anything', async () => {
    const d = deps();
    const config = { backend: 'onnx', model: 'bge-large' } as unknown as EmbedderConfig;
    await expect(createEmbedder(config, d)).rejects.toMatchObject({ code: EmbedErrorCode.UNKNOWN_MODEL });
    expect(d.loadOnnx).not.toHaveBeenCalled();
  });

  it('builds the OpenAI-compatible embedder from its config', async () => {
    const config = openAiConfig({
      baseUrl: 'http://127.0.0.1:1/v1',
      apiKey: 'k',
      model: 'text-embedding-3-small',
      dimension: 1536,
    });
    const embedder = await createEmbedder(config, embedderDeps(openTransport));
    expect(embedder).toBeInstanceOf(OpenAiCompatibleEmbedder);
    expect(embedder).toMatchObject({ modelName: 'text-embedding-3-small', dimension: 1536, maxTokens: 8191 });
  });

  it('rejects an unknown backend and a bad dimension', async () => {
    await expect(
      createEmbedder({ backend: 'tfjs' } as unknown as EmbedderConfig, deps()),
    ).rejects.toMatchObject({
      code: EmbedErrorCode.INVALID_CONFIG,
    });
    await expect(createEmbedder(openAiConfig({ dimension: 0 }), embedderDeps(openTransport))).rejects.toThrow(
      /dimension must be a positive integer/,
    );
  });

  it('says how to give the openai backend its transport when none was handed over', async () => {
    const failure = createEmbedder(openAiConfig());
    await expect(failure).rejects.toMatchObject({ code: EmbedErrorCode.INVALID_CONFIG });
    await expect(failure).rejects.toThrow(/embedConfigFrom/);
  });
});
