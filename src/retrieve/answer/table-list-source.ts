import type { AnswerElement } from '../extractive-answer';
import { askedCount, askedSlice, distinct, listOrCount, share, subjectWords } from './list-items';
import { markdownRows } from './table-grid';
import { type AnswerCandidate, type AnswerEvidence, type EvidencePage, citationAt } from './typed-answer';

// LIST and COUNT answers from a table column: the column whose header names what the question asks for ("Which
// models …" → the "Model" column), its cells in row order, continued by the same column of the table's next part
// on the next page. Text tables too: the statement grids (table-grid.ts) keep only numeric columns.

/** The share of a column header's words the question must hold (a header names a thing in a word or two). */
const HEADER_SHARE = 0.5;

interface Part {
  page: EvidencePage;
  element: AnswerElement;
  cells: string[];
}

/** The table parts of the evidence, in evidence order, with their header row and body rows. */
export function tablesOf(evidence: AnswerEvidence) {
  return evidence.pages.flatMap((page) =>
    page.elements
      .filter((e) => e.kind === 'table' && e.description)
      .map((element) => ({ page, element, rows: markdownRows(element.description!) }))
      .filter((t) => t.rows.length >= 2),
  );
}

export const DIFFERENCE = /\bhow many (?:more|fewer|less)\b/i;

export function tableColumnCandidate(evidence: AnswerEvidence): AnswerCandidate | null {
  if (evidence.kind !== 'LIST' && evidence.kind !== 'COUNT') return null;
  // "how many more tweets did A post than B" asks for a difference of values, not for a column's length
  if (evidence.kind === 'COUNT' && DIFFERENCE.test(evidence.question)) return null;
  const words = subjectWords(evidence.question);
  const tables = tablesOf(evidence);
  let best: { parts: Part[]; header: string; share: number } | null = null;
  tables.forEach((table, t) => {
    const [header, ...body] = table.rows;
    header!.forEach((label, col) => {
      const s = share(subjectWords(label), words.join(' '));
      if (s < HEADER_SHARE || (best && s <= best.share)) return;
      const parts: Part[] = [
        { page: table.page, element: table.element, cells: body.map((r) => r[col] ?? '') },
      ];
      // the same column of the next part, on the next page, under the same header
      for (const next of tables.slice(t + 1)) {
        const last = parts[parts.length - 1]!.element;
        if (next.element.docId !== last.docId || next.element.pageNumber !== last.pageNumber + 1) break;
        if ((next.rows[0]?.[col] ?? '') !== label) break;
        parts.push({
          page: next.page,
          element: next.element,
          cells: next.rows.slice(1).map((r) => r[col] ?? ''),
        });
      }
      if (parts.flatMap((p) => p.cells).filter((c) => c !== '').length >= 2)
        best = { parts, header: label, share: s };
    });
  });
  if (!best) return null;
  const { parts, header } = best as { parts: Part[]; header: string };
  // a cell repeated down a column (a merged cell read once per row) is one item
  const items = askedSlice(
    distinct(parts.flatMap((p) => p.cells).filter((c) => c !== '')),
    askedCount(evidence.question),
  );
  const citations = parts.flatMap(({ page, element, cells }) =>
    cells.filter((c) => items.includes(c)).map((quote) => citationAt(page, element, quote)),
  );
  const where = [...new Set(parts.map((p) => `p. ${p.element.pageNumber}`))].join(', ');
  const analysis = `The cells of the table column "${header}" (${where}).`;
  return {
    answer: listOrCount(evidence.kind, items, where, header.toLowerCase(), `(${header})`),
    citations,
    analysis:
      evidence.kind === 'COUNT'
        ? `Counted ${analysis.charAt(0).toLowerCase()}${analysis.slice(1)}`
        : analysis,
  };
}
