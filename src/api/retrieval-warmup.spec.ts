import type { FolioConfig } from '../config/folio-config';
import type { AskService } from '../retrieve/answer/ask.service';
import type { RetrieveService } from '../retrieve/retrieve.service';
import type { SearchRequest } from '../retrieve/retrieve.types';
import { RetrievalWarmup } from './retrieval-warmup';

function warmupWith(llm: FolioConfig['llm'], failSearch = false) {
  const searched: Array<Pick<SearchRequest, 'strategy' | 'rerank'>> = [];
  const asked: string[] = [];
  const retrieve = {
    search: (req: SearchRequest) => {
      if (failSearch) return Promise.reject(new Error('Neo4j is not running'));
      searched.push({ strategy: req.strategy, rerank: req.rerank });
      return Promise.resolve({});
    },
  } as unknown as RetrieveService;
  const asker = {
    ask: (question: string) => {
      asked.push(question);
      return Promise.resolve({});
    },
  } as unknown as AskService;
  const warmup = new RetrievalWarmup(retrieve, asker, { llm } as FolioConfig);
  return { warmup, searched, asked };
}

describe('RetrievalWarmup', () => {
  it('offline: searches with the common strategies, then asks once (the answer stage reads tables too)', async () => {
    const { warmup, searched, asked } = warmupWith(null);
    await warmup.onApplicationBootstrap();
    expect(searched).toEqual([
      { strategy: 'VECTOR', rerank: false },
      { strategy: 'HYBRID', rerank: false },
    ]);
    expect(asked).toHaveLength(1);
  });

  it('with an LLM configured it never asks (no model call at start), it searches with the default instead', async () => {
    const llm = { baseUrl: 'http://127.0.0.1:1/v1', apiKey: 'k', model: 'm', timeoutMs: 1000, maxRetries: 0 };
    const { warmup, searched, asked } = warmupWith(llm);
    await warmup.onApplicationBootstrap();
    expect(asked).toEqual([]);
    expect(searched.at(-1)).toEqual({ strategy: 'GRAPH', rerank: true });
  });

  it('lets the API start when the warm-up fails', async () => {
    const { warmup } = warmupWith(null, true);
    await expect(warmup.onApplicationBootstrap()).resolves.toBeUndefined();
  });
});
