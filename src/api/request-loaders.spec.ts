import type { ContentRepository, PageElementsRequest, StoredElement } from '../graph/content.repository';
import type { StoredSummary } from '../enrich/summaries/summaries.repository';
import { LoaderSources, RequestLoaders } from './request-loaders';

const element = (docId: string, pageNumber: number, order: number): StoredElement => ({
  id: `${docId}:p${pageNumber}-e${order}`,
  docId,
  pageNumber,
  kind: 'paragraph',
  text: `text ${order}`,
  bbox: [0, 0, 1, 1],
  order,
  description: null,
  headingLevel: null,
  source: 'text-layer',
});

const summary = (id: string, childIds: string[] = []): StoredSummary =>
  ({ id, docId: 'd', kind: 'cluster', childIds }) as unknown as StoredSummary;

/** Fake repositories that record each batched call. */
function fakes() {
  const calls: { elementsOn: PageElementsRequest[][]; storedSummaries: string[][] } = {
    elementsOn: [],
    storedSummaries: [],
  };
  const content = {
    elementsOn: async (requests: PageElementsRequest[]) => {
      calls.elementsOn.push(requests);
      return requests.map((r) => [element(r.docId, r.number, 0), element(r.docId, r.number, 1)]);
    },
  } as unknown as ContentRepository;
  const summaries = {
    storedSummaries: async (_docId: string, filter: { ids: string[] }) => {
      calls.storedSummaries.push(filter.ids);
      // The repository's own order (not the order asked for).
      return ['s3', 's1', 's2'].filter((id) => filter.ids.includes(id)).map((id) => summary(id));
    },
  };
  const sources = { content, summaries } as unknown as LoaderSources;
  return { loaders: new RequestLoaders(sources), calls };
}

describe('RequestLoaders', () => {
  it('reads the elements of many pages in one batched call, and a page asked twice once', async () => {
    const { loaders, calls } = fakes();
    const pages = Array.from({ length: 40 }, (_, i) => i + 1);
    const results = await Promise.all([
      ...pages.map((number) => loaders.pageElements.load({ docId: 'd', number, kinds: null })),
      loaders.pageElements.load({ docId: 'd', number: 7, kinds: null }),
    ]);
    expect(calls.elementsOn).toHaveLength(1);
    expect(calls.elementsOn[0]).toHaveLength(40);
    expect(results[6]!.map((e) => e.id)).toEqual(['d:p7-e0', 'd:p7-e1']);
    expect(results[40]).toBe(results[6]);
  });

  it('keeps requests with different kinds apart', async () => {
    const { loaders, calls } = fakes();
    await Promise.all([
      loaders.pageElements.load({ docId: 'd', number: 1, kinds: null }),
      loaders.pageElements.load({ docId: 'd', number: 1, kinds: ['table'] }),
    ]);
    expect(calls.elementsOn).toEqual([
      [
        { docId: 'd', number: 1, kinds: null },
        { docId: 'd', number: 1, kinds: ['table'] },
      ],
    ]);
  });

  it('loads the children of many summaries with one query per document, each in the repository’s order', async () => {
    const { loaders, calls } = fakes();
    const [a, b] = await Promise.all([
      loaders.summaryChildren.load(summary('a', ['s1', 's3'])),
      loaders.summaryChildren.load(summary('b', ['s2'])),
    ]);
    expect(calls.storedSummaries).toEqual([['s1', 's3', 's2']]);
    expect(a.map((s) => s.id)).toEqual(['s3', 's1']);
    expect(b.map((s) => s.id)).toEqual(['s2']);
  });
});
