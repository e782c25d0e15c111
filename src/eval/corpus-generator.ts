import type { BenchCorpusRepository, ExportedDocument } from './bench-corpus.repository';

// A benchmark library bigger than the one ingested: documents moved into another database at the graph level
// (export, import: nodes, relationships and vectors, no re-parsing, no re-embedding), then copied in that database
// under new ids until it holds the size asked for. Copies keep clonedFrom, so a benchmark can tell them apart.

/** Nodes and relationships written per transaction on import. */
const NODE_BATCH = 500;
const RELATIONSHIP_BATCH = 2000;
/** Copies written per transaction by grow (a few MB of nodes and vectors; the commit's fixed cost shared). */
const COPIES_PER_TRANSACTION = 20;
/** A copy's id: the prefix, the copy number, the original's id (ids of its nodes embed it the same way). */
export const COPY_PREFIX = 'copy';
export const copyId = (n: number, sourceId: string) => `${COPY_PREFIX}${n}-${sourceId}`;

export class CorpusGenerator {
  constructor(
    private readonly corpus: BenchCorpusRepository,
    private readonly log: (message: string) => void = () => undefined,
  ) {}

  /** The stored originals (not copies) of the given ids, or all of them, exported one document at a time. */
  async *exportDocuments(docIds: string[] | null): AsyncGenerator<ExportedDocument> {
    const originals = (await this.corpus.documents()).filter((d) => !d.clonedFrom);
    const wanted = docIds ? originals.filter((d) => docIds.includes(d.id)) : originals;
    const missing = docIds?.filter((id) => !originals.some((d) => d.id === id)) ?? [];
    if (missing.length) throw new Error(`No stored original document with id ${missing.join(', ')}.`);
    let done = 0;
    for (const d of wanted) {
      yield await this.corpus.exportDocument(d.id);
      this.log(`export: ${++done}/${wanted.length} documents`);
    }
  }

  /** Writes an exported document; refuses one this database already holds, so an import can be re-run safely. */
  async importDocument(doc: ExportedDocument, known: ReadonlySet<string>): Promise<boolean> {
    if (known.has(doc.docId)) return false;
    for (let i = 0; i < doc.nodes.length; i += NODE_BATCH)
      await this.corpus.importNodes(doc.nodes.slice(i, i + NODE_BATCH));
    for (let i = 0; i < doc.relationships.length; i += RELATIONSHIP_BATCH)
      await this.corpus.importRelationships(doc.relationships.slice(i, i + RELATIONSHIP_BATCH));
    return true;
  }

  /** Copies originals round-robin until the database holds `target` documents; returns how many it holds. */
  async growTo(target: number): Promise<number> {
    const docs = await this.corpus.documents();
    const originals = docs.filter((d) => !d.clonedFrom).sort((a, b) => a.id.localeCompare(b.id));
    if (originals.length === 0)
      throw new Error('The database holds no document: import or ingest some first.');
    const taken = new Set(docs.map((d) => d.id));
    let count = docs.length;
    let n = docs.length - originals.length;
    const started = performance.now();
    while (count < target) {
      const batch: Array<{ sourceId: string; targetId: string }> = [];
      while (batch.length < Math.min(COPIES_PER_TRANSACTION, target - count)) {
        const source = originals[n % originals.length]!;
        const id = copyId(n, source.id);
        n++;
        if (!taken.has(id)) batch.push({ sourceId: source.id, targetId: id });
      }
      count += await this.corpus.cloneDocuments(batch);
      this.log(`grow: ${count}/${target} documents (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
    return count;
  }
}
