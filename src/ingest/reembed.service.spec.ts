import type { Embedder } from '../embed/embedder';
import { GraphError, GraphErrorCode } from '../graph/graph.errors';
import type { MigrationService } from '../graph/migration.service';
import type { PassageRow } from './ingest.repository';
import type { PageVectorRow, ReembedRepository } from './reembed.repository';
import { ReembedService } from './reembed.service';
import type { UnitSourceElement } from './retrieval-units';

/** Texts that mention revenue embed to [1, 0], every other text to [0, 1]: page means are easy to predict. */
class FakeEmbedder implements Embedder {
  readonly modelName = 'fake-model-2d';
  readonly dimension = 2;
  readonly maxTokens = 512;
  readonly batches: string[][] = [];
  async embedPassages(texts: string[]): Promise<Float32Array[]> {
    this.batches.push(texts);
    return texts.map((t) => Float32Array.from(/revenue/i.test(t) ? [1, 0] : [0, 1]));
  }
  async embedQuery(text: string): Promise<Float32Array> {
    return (await this.embedPassages([text]))[0]!;
  }
  countTokens(text: string): number {
    return text.split(/\s+/).filter(Boolean).length;
  }
  async close(): Promise<void> {}
}

function element(id: string, pageNumber: number, kind: string, text: string): UnitSourceElement {
  return {
    id,
    pageNumber,
    kind,
    text,
    description: null,
    sectionId: 's1',
    sectionPath: 'Results',
    captionOf: null,
  };
}

/** Two documents: 'a' (page 1 about revenue, page 2 about staff) and 'b' (one page). */
const STORED: Record<
  string,
  { sources: UnitSourceElement[]; pages: Array<{ pageNumber: number; text: string }> }
> = {
  a: {
    sources: [
      element('a-e1', 1, 'heading', 'Results'),
      element('a-e2', 1, 'paragraph', 'Revenue grew by a tenth over the year.'),
      element('a-e3', 2, 'paragraph', 'Staff numbers stayed flat across the group.'),
    ],
    pages: [
      { pageNumber: 1, text: 'Results Revenue grew by a tenth over the year.' },
      { pageNumber: 2, text: 'Staff numbers stayed flat across the group.' },
    ],
  },
  b: {
    sources: [element('b-e1', 1, 'paragraph', 'Offices opened in two new cities.')],
    pages: [{ pageNumber: 1, text: 'Offices opened in two new cities.' }],
  },
};

function setup(migrate: (opts?: { allowModelChange?: boolean }) => Promise<string[]> = async () => []) {
  const journal: string[] = [];
  const passages = new Map<string, PassageRow[]>();
  const pageVectors = new Map<string, PageVectorRow[]>();
  const sectionVectors: Array<{ id: string; embedding: number[] }> = [];
  const models = new Map<string, string>();
  const repo = {
    dropVectorIndexes: async () => void journal.push('drop indexes'),
    documentIds: async () => Object.keys(STORED),
    unitSources: async (docId: string) => STORED[docId]!.sources,
    pageTexts: async (docId: string) => STORED[docId]!.pages,
    sectionPaths: async (docId: string) => [{ id: `${docId}-s1`, path: 'Results' }],
    replacePassages: async (docId: string, rows: PassageRow[]) => {
      journal.push(`passages ${docId}`);
      passages.set(docId, rows);
    },
    setPageVectors: async (docId: string, rows: PageVectorRow[]) => {
      journal.push(`pages ${docId}`);
      pageVectors.set(docId, rows);
    },
    clearElementVectors: async (docId: string) => void journal.push(`clear element vectors ${docId}`),
    setSectionVectors: async (rows: Array<{ id: string; embedding: number[] }>) => {
      journal.push(`sections ${rows.map((r) => r.id).join(',')}`);
      sectionVectors.push(...rows);
    },
    setEmbeddingModel: async (docId: string, model: string) => {
      journal.push(`model ${docId}`);
      models.set(docId, model);
    },
  } as unknown as ReembedRepository;
  const migrations = {
    migrate: async (opts?: { allowModelChange?: boolean }) => {
      journal.push(`migrate${opts?.allowModelChange ? ' (model change allowed)' : ''}`);
      return migrate(opts);
    },
  } as unknown as MigrationService;
  const embedder = new FakeEmbedder();
  const service = new ReembedService(repo, migrations, embedder);
  return { service, embedder, journal, passages, pageVectors, sectionVectors, models };
}

describe('ReembedService', () => {
  it('drops the vector indexes, re-embeds each document, then migrates allowing the new model', async () => {
    const { service, journal, models } = setup();
    const seen: string[] = [];
    const count = await service.reembedAll({
      onDocument: (id, done, total) => seen.push(`${id} ${done}/${total}`),
    });
    expect(count).toBe(2);
    expect(seen).toEqual(['a 1/2', 'b 2/2']);
    expect(journal).toEqual([
      'drop indexes',
      'passages a',
      'pages a',
      'clear element vectors a',
      'sections a-s1',
      'model a',
      'passages b',
      'pages b',
      'clear element vectors b',
      'sections b-s1',
      'model b',
      'migrate (model change allowed)',
    ]);
    expect([...models.values()]).toEqual(['fake-model-2d', 'fake-model-2d']);
  });

  it('builds passages from the stored elements and page vectors from their passages and heads', async () => {
    const { service, passages, pageVectors } = setup();
    await service.rebuildUnits('a');
    const rows = passages.get('a')!;
    expect(rows.map((p) => p.pageNumber)).toEqual([1, 2]);
    expect(rows[0]!.elementIds).toEqual(['a-e1', 'a-e2']);
    expect(rows[0]!.embedding).toEqual([1, 0]);
    expect(rows[1]!.embedding).toEqual([0, 1]);
    const pages = pageVectors.get('a')!;
    expect(pages.map((p) => p.pageNumber)).toEqual([1, 2]);
    expect(pages[0]!.embedding).toEqual([1, 0]);
    expect(pages[1]!.embedding).toEqual([0, 1]);
    expect(pages[0]!.headEmbedding).toEqual([1, 0]);
  });

  it('embeds section paths and records the embedder as the document model', async () => {
    const { service, sectionVectors, models, embedder } = setup();
    await service.reembedDocument('b');
    expect(sectionVectors).toEqual([{ id: 'b-s1', embedding: [0, 1] }]);
    expect(models.get('b')).toBe('fake-model-2d');
    expect(embedder.batches.at(-1)).toEqual(['Results']);
  });

  it('units only: a model other than the recorded one is a typed error before anything is rebuilt', async () => {
    const mismatch = new GraphError(GraphErrorCode.EMBEDDING_MODEL_MISMATCH, 'recorded model differs');
    const { service, journal, passages } = setup(async () => {
      throw mismatch;
    });
    await expect(service.reembedAll({ unitsOnly: true })).rejects.toBe(mismatch);
    expect(journal).toEqual(['migrate']);
    expect(passages.size).toBe(0);
  });

  it('units only: keeps the indexes and the recorded model, rebuilding passages and page vectors', async () => {
    const { service, journal, models } = setup();
    expect(await service.reembedAll({ unitsOnly: true })).toBe(2);
    expect(journal).toEqual([
      'migrate',
      'passages a',
      'pages a',
      'clear element vectors a',
      'passages b',
      'pages b',
      'clear element vectors b',
    ]);
    expect(models.size).toBe(0);
  });
});
