import { Test } from '@nestjs/testing';
import { CrossEncoderReranker } from './cross-encoder';
import { EmbedModule } from './embed.module';
import { EMBEDDER } from './embed.tokens';
import type { Embedder } from './embedder';
import { QueryCachingEmbedder } from './query-cache';

/** A transport that is never called: the module only builds the embedder. */
const openTransport = () => ({ embed: () => Promise.reject(new Error('not called')) });

describe('EmbedModule', () => {
  it('provides EMBEDDER from the config and a lazy re-ranker, and closes both on shutdown', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        EmbedModule.forRoot({
          embedder: {
            backend: 'openai',
            baseUrl: 'http://127.0.0.1:9/v1',
            apiKey: 'k',
            model: 'm',
            dimension: 16,
          },
          reranker: { modelDir: '/nonexistent/never-loaded' },
          openTransport,
        }),
      ],
    }).compile();
    const app = moduleRef.createNestApplication();
    await app.init();
    const embedder = app.get<Embedder>(EMBEDDER);
    // The configured backend behind the query-vector cache.
    expect(embedder).toBeInstanceOf(QueryCachingEmbedder);
    expect(embedder.modelName).toBe('m');
    expect(embedder.dimension).toBe(16);
    const reranker = app.get(CrossEncoderReranker);
    const closeEmbedder = jest.spyOn(embedder, 'close');
    const closeReranker = jest.spyOn(reranker, 'close');
    await app.close();
    expect(closeEmbedder).toHaveBeenCalled();
    expect(closeReranker).toHaveBeenCalled();
  });

  it('takes its config from another provider with forRootAsync', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        EmbedModule.forRootAsync({
          useFactory: () => ({
            embedder: {
              backend: 'openai',
              baseUrl: 'http://127.0.0.1:9/v1',
              apiKey: 'k',
              model: 'm2',
              dimension: 4,
            },
            openTransport,
          }),
        }),
      ],
    }).compile();
    expect(moduleRef.get<Embedder>(EMBEDDER).modelName).toBe('m2');
    await moduleRef.close();
  });
});
