import type { CypherQuery } from '../graph/cypher-registry';
import { escapeHtml } from './html-text';

// Folio's Neo4j Browser guide, served at /browser/guide.html for `:guide <url>` (Browser 5 opens remote guides by URL with `:guide`; `:play` only takes names): one slide per
// query in cypher/browser/, each runnable with a click once `:param docId => '…'` is set. The `0-` query lists
// the documents on the introduction slide.

const INTRO = `<h3>Folio: a document as a graph</h3>
<p>Folio stores each PDF as pages, layout elements in reading order, sections, captions, cross-references and
semantic links. This guide walks through one document. Pick a document id (the first query lists them), then
set the parameters every query below uses:</p>`;

export function renderBrowserGuide(queries: CypherQuery[], docId: string | null, pageNumber: number): string {
  const id = docId ?? 'PUT-A-DOCUMENT-ID-HERE';
  const params = `:params {docId: '${id.replace(/'/g, '')}', pageNumber: ${pageNumber}, pages: [${pageNumber}], elementIds: []}`;
  const runnable = (text: string) =>
    `<pre mode="cypher" class="pre-scrollable code runnable">${escapeHtml(text)}</pre>`;
  const isIntro = (q: CypherQuery) => /^browser\/0-/.test(q.name);
  const listing = queries.filter(isIntro).map((q) => runnable(q.text));
  const slides = [
    `${INTRO}${listing.join('')}${runnable(params)}`,
    ...queries
      .filter((q) => !isIntro(q))
      .map(
        (q) =>
          `<h3>${escapeHtml(q.name.replace(/^browser\/\d+-/, '').replace(/-/g, ' '))}</h3><p>${escapeHtml(q.purpose.replace(/^Browser guide, step \d+: /, ''))}</p>` +
          `<p>Parameters: ${q.params.map((p) => `<code>$${escapeHtml(p)}</code>`).join(', ') || 'none'}</p>${runnable(q.text)}`,
      ),
  ];
  return `<article class="guide">
<carousel class="deck container-fluid">
${slides.map((s) => `<slide class="row-fluid"><div class="col-sm-12">\n${s}\n</div></slide>`).join('\n')}
</carousel>
</article>
`;
}

export interface EvidenceCitation {
  docId: string;
  pageNumber: number;
  elementId: string | null;
}

/** The most pages an evidence command draws, so a long walk stays a readable picture. */
export const EVIDENCE_PAGE_LIMIT = 20;

/**
 * What to paste into Neo4j Browser to see an answer's evidence: the `:params` of the cited document (the first
 * cited one when several are) and the evidence query. Its pages are the cited ones, then the other pages the walk
 * read in that document (`walk`, in visiting order), at most EVIDENCE_PAGE_LIMIT. Null when nothing was cited.
 */
export function evidenceBrowserCommand(
  evidenceQuery: CypherQuery,
  citations: EvidenceCitation[],
  walk: Array<{ docId: string; pageNumber: number }> = [],
): string | null {
  const docId = citations[0]?.docId;
  if (docId === undefined) return null;
  const own = citations.filter((c) => c.docId === docId);
  const cited = new Set(own.map((c) => c.pageNumber));
  const walked = walk.filter((s) => s.docId === docId && !cited.has(s.pageNumber)).map((s) => s.pageNumber);
  const pages = [...new Set([...[...cited].sort((a, b) => a - b), ...walked])]
    .slice(0, Math.max(EVIDENCE_PAGE_LIMIT, cited.size))
    .sort((a, b) => a - b);
  const elementIds = [...new Set(own.flatMap((c) => (c.elementId ? [c.elementId] : [])))];
  const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const params = `:params {docId: ${quote(docId)}, pages: [${pages.join(', ')}], elementIds: [${elementIds.map(quote).join(', ')}]}`;
  return `${params}\n${evidenceQuery.text}`;
}
