import { AskService } from '../../src/retrieve/answer/ask.service';
import type { AskResult } from '../../src/retrieve/retrieve.types';
import { createIngestContext, type IngestContext, uniqueCopy } from './ingest-context';
import { makeStructuredPdf, type PdfBlock } from './make-structured-pdf';

/**
 * One PDF built from `pages`, ingested before the suite's tests (real Neo4j, embedder and cross-encoder) and
 * deleted after them; `ask` puts a question to it alone with HYBRID. Call inside a `describe`.
 */
export function askedDocument(
  name: string,
  pages: PdfBlock[][],
): { ask: (question: string) => Promise<AskResult> } {
  let ctx: IngestContext;
  let docId: string;
  beforeAll(async () => {
    ctx = await createIngestContext();
    docId = `${ctx.runId}-${name}`;
    await ctx.ingest.ingest(uniqueCopy(await makeStructuredPdf(pages)), { fileName: `${name}.pdf`, docId });
  });
  afterAll(async () => {
    await ctx.ingest.deleteDocument(docId).catch(() => undefined);
    await ctx.close();
  });
  return {
    ask: (question) =>
      ctx.module.get(AskService).ask(question, { strategy: 'HYBRID', scope: { docIds: [docId] } }),
  };
}
