import { parseCypherFile } from '../graph/cypher-registry';
import { EVIDENCE_PAGE_LIMIT, evidenceBrowserCommand, renderBrowserGuide } from './browser-guide';

const query = parseCypherFile(
  'browser/7-ask-evidence',
  '// Browser guide, step 7: evidence.\n// Params: $docId, $pages, $elementIds\n// Returns: pages\nMATCH (p:Page {docId: $docId}) WHERE p.number IN $pages AND size($elementIds) >= 0 RETURN p AS pages',
);

describe('Browser commands', () => {
  it("sets the cited document's pages and elements as params, then gives the evidence query", () => {
    const command = evidenceBrowserCommand(query, [
      { docId: 'd1', pageNumber: 4, elementId: 'd1:e9' },
      { docId: 'd1', pageNumber: 2, elementId: null },
      { docId: 'd2', pageNumber: 7, elementId: 'd2:e1' },
      { docId: 'd1', pageNumber: 4, elementId: "it's" },
    ]);
    expect(command!.split('\n')[0]).toBe(
      `:params {docId: 'd1', pages: [2, 4], elementIds: ['d1:e9', 'it\\'s']}`,
    );
    expect(command).toContain('MATCH (p:Page {docId: $docId})');
  });

  it('adds the pages the walk read in that document after the cited ones, at most 20 in all', () => {
    const walk = [3, 4, 5, 9, 4, ...Array.from({ length: 40 }, (_, i) => 100 + i)].map((pageNumber) => ({
      docId: 'd1',
      pageNumber,
    }));
    const command = evidenceBrowserCommand(
      query,
      [{ docId: 'd1', pageNumber: 4, elementId: null }],
      [{ docId: 'd2', pageNumber: 1 }, ...walk],
    );
    const pages = /pages: \[([^\]]*)\]/.exec(command!)![1]!.split(', ').map(Number);
    expect(pages).toHaveLength(EVIDENCE_PAGE_LIMIT);
    expect(pages.slice(0, 5)).toEqual([3, 4, 5, 9, 100]); // cited p.4 kept, walk order decides who fits
    expect(pages).not.toContain(1); // another document's step
  });

  it('gives nothing for an answer without citations', () => {
    expect(evidenceBrowserCommand(query, [])).toBeNull();
  });

  it('builds a guide slide per query, with the document id preset', () => {
    const html = renderBrowserGuide([query], 'doc-7', 3);
    expect(html.match(/<slide /g)).toHaveLength(2);
    expect(html).toContain(':params {docId: &#39;doc-7&#39;, pageNumber: 3');
    expect(html).toContain('<h3>ask evidence</h3>');
  });
});
