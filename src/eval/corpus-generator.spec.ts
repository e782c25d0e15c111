import type { BenchCorpusRepository, BenchDocument } from './bench-corpus.repository';
import { CorpusGenerator, copyId } from './corpus-generator';

class FakeCorpus {
  docs: BenchDocument[] = [
    { id: 'b', pageCount: 3, clonedFrom: null },
    { id: 'a', pageCount: 5, clonedFrom: null },
  ];
  async documents(): Promise<BenchDocument[]> {
    return this.docs.map((d) => ({ ...d }));
  }
  transactions = 0;
  async cloneDocuments(copies: Array<{ sourceId: string; targetId: string }>) {
    this.transactions++;
    for (const { sourceId, targetId } of copies) {
      if (this.docs.some((d) => d.id === targetId)) throw new Error(`duplicate ${targetId}`);
      this.docs.push({ id: targetId, pageCount: 1, clonedFrom: sourceId });
    }
    return copies.length;
  }
}

describe('CorpusGenerator.growTo', () => {
  it('copies the originals round-robin until the database holds the documents asked for', async () => {
    const fake = new FakeCorpus();
    const generator = new CorpusGenerator(fake as unknown as BenchCorpusRepository);
    expect(await generator.growTo(5)).toBe(5);
    expect(fake.docs.slice(2).map((d) => [d.id, d.clonedFrom])).toEqual([
      [copyId(0, 'a'), 'a'],
      [copyId(1, 'b'), 'b'],
      [copyId(2, 'a'), 'a'],
    ]);
    // Growing again continues the numbering and never copies a copy.
    expect(await generator.growTo(6)).toBe(6);
    expect(fake.docs.at(-1)).toEqual({ id: copyId(3, 'b'), pageCount: 1, clonedFrom: 'b' });
    expect(await generator.growTo(2)).toBe(6);
  });

  it('writes up to 20 copies per transaction', async () => {
    const fake = new FakeCorpus();
    expect(await new CorpusGenerator(fake as unknown as BenchCorpusRepository).growTo(47)).toBe(47);
    expect(fake.transactions).toBe(3); // 20 + 20 + 5
  });

  it('refuses an empty database with what to do', async () => {
    const fake = new FakeCorpus();
    fake.docs = [];
    await expect(new CorpusGenerator(fake as unknown as BenchCorpusRepository).growTo(3)).rejects.toThrow(
      'import or ingest some first',
    );
  });
});
