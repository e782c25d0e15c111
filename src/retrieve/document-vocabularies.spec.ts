import type { DocumentPageText } from './answerability';
import { DocumentVocabularies } from './document-vocabularies';
import type { RetrieveRepository } from './retrieve.repository';

/** A repository holding a few documents' page texts; it counts how often page texts are read. */
function fakeRepository(docs: Map<string, { version: string; pages: DocumentPageText[] }>) {
  const reads: string[][] = [];
  const repo = {
    documentVersions: async (docIds: string[]) =>
      docIds.flatMap((docId) => {
        const doc = docs.get(docId);
        return doc ? [{ docId, version: doc.version }] : [];
      }),
    documentPageTexts: async (docIds: string[]) => {
      reads.push(docIds);
      return docIds.flatMap((docId) => docs.get(docId)?.pages ?? []);
    },
  };
  return { repo: repo as unknown as RetrieveRepository, reads };
}

const serviceOver = (repo: RetrieveRepository) => new DocumentVocabularies(repo);

const page = (docId: string, pageNumber: number, text: string): DocumentPageText => ({
  docId,
  pageNumber,
  text,
});

describe('DocumentVocabularies', () => {
  it('reads a document once per version and again after it is re-ingested', async () => {
    const docs = new Map([
      ['a', { version: 'v1', pages: [page('a', 1, 'Revenue grew to 4,584,833 in 2016')] }],
    ]);
    const { repo, reads } = fakeRepository(docs);
    const service = serviceOver(repo);

    const first = await service.of(['a']);
    const second = await service.of(['a']);
    expect(first).toBe(second);
    expect(reads).toEqual([['a']]);
    expect(first?.hasNumber('4584833')).toBe(true);

    docs.set('a', { version: 'v2', pages: [page('a', 1, 'Operating income was 903,095')] });
    const third = await service.of(['a']);
    expect(reads).toHaveLength(2);
    expect(third?.hasNumber('4584833')).toBe(false);
    expect(third?.hasNumber('903095')).toBe(true);
  });

  it('shares one read between concurrent asks and keys several documents together', async () => {
    const docs = new Map([
      ['a', { version: 'v1', pages: [page('a', 1, 'alpha')] }],
      ['b', { version: 'v1', pages: [page('b', 1, 'beta')] }],
    ]);
    const { repo, reads } = fakeRepository(docs);
    const service = serviceOver(repo);
    const [x, y] = await Promise.all([service.of(['a', 'b']), service.of(['b', 'a'])]);
    expect(x).toBe(y);
    expect(reads).toHaveLength(1);
    expect(x?.words.has('alpha') && x.words.has('beta')).toBe(true);
  });

  it('gives no vocabulary for unknown documents, and does not keep a failed read', async () => {
    const docs = new Map([['a', { version: 'v1', pages: [page('a', 1, 'alpha')] }]]);
    const { repo, reads } = fakeRepository(docs);
    const service = serviceOver(repo);
    expect(await service.of(['missing'])).toBeNull();
    expect(await service.of([])).toBeNull();

    const failing = repo.documentPageTexts;
    repo.documentPageTexts = () => Promise.reject(new Error('Neo4j is down'));
    await expect(service.of(['a'])).rejects.toThrow('Neo4j is down');
    repo.documentPageTexts = failing;
    expect((await service.of(['a']))?.words.has('alpha')).toBe(true);
    expect(reads).toEqual([['a']]);
  });
});
