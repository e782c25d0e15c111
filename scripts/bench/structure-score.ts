// Scores Folio's stored titles and outlines against hand-written labels (bench-data/structure-labels.json). Pure.
//
// Title: right when the normalised stored title equals the normalised label title or one of its alternatives
// (normalised = Unicode NFKC, lower case, every run of characters that are not letters or digits made one space).
// Sections: a stored section within the label's depth (1 or 2 levels from the top) matches a labelled section when
// both start on the same page and their titles' token F1 is at least 0.5; each label matches at most one section.

export const DOCUMENT_KINDS = ['report', 'filing', 'paper', 'manual', 'deck'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const TITLE_TOKEN_F1 = 0.5;

export interface LabelledSection {
  level: 1 | 2;
  title: string;
  page: number;
}

export interface StructureLabel {
  file: string;
  sha256: string;
  kind: DocumentKind;
  /** Whether the PDF carries its own bookmarks (which ingest may take as the outline) or only its pages do. */
  hasBookmarks: boolean;
  title: string;
  titleAlternatives: string[];
  /** How many outline levels the label covers; stored sections deeper than this are not scored. */
  depth: 1 | 2;
  sections: LabelledSection[];
}

export interface PredictedSection {
  /** 1 for a top-level section, 2 for its subsections, and so on. */
  depth: number;
  title: string;
  page: number;
}

export interface Counts {
  documents: number;
  titlesRight: number;
  predicted: number;
  labelled: number;
  matched: number;
}

export interface DocumentScore extends Counts {
  file: string;
  kind: DocumentKind;
  hasBookmarks: boolean;
  labelTitle: string;
  storedTitle: string | null;
  titleRight: boolean;
  /** Labelled sections no stored section matched, and stored sections that matched none: what to look at. */
  missed: LabelledSection[];
  spurious: PredictedSection[];
}

export interface Rates {
  titleAccuracy: number;
  precision: number;
  recall: number;
  f1: number;
}

export function normaliseTitle(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function titleTokens(text: string): string[] {
  const n = normaliseTitle(text);
  return n === '' ? [] : n.split(' ');
}

/** Token-multiset F1 of two titles after normalisation (0 when either is empty). */
export function tokenF1(a: string, b: string): number {
  const ta = titleTokens(a);
  const tb = titleTokens(b);
  if (ta.length === 0 || tb.length === 0) return 0;
  const left = new Map<string, number>();
  for (const t of ta) left.set(t, (left.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of tb) {
    const n = left.get(t) ?? 0;
    if (n > 0) {
      common++;
      left.set(t, n - 1);
    }
  }
  if (common === 0) return 0;
  const p = common / tb.length;
  const r = common / ta.length;
  return (2 * p * r) / (p + r);
}

export function titleRight(
  label: Pick<StructureLabel, 'title' | 'titleAlternatives'>,
  stored: string | null,
): boolean {
  if (stored === null) return false;
  const n = normaliseTitle(stored);
  return n !== '' && [label.title, ...label.titleAlternatives].some((t) => normaliseTitle(t) === n);
}

/** One-to-one matching: labels in order, each taking the unused same-page section with the highest token F1. */
export function matchSections(
  labelled: readonly LabelledSection[],
  predicted: readonly PredictedSection[],
): { matched: number; missed: LabelledSection[]; spurious: PredictedSection[] } {
  const used = new Set<number>();
  const missed: LabelledSection[] = [];
  for (const label of labelled) {
    let best = -1;
    let bestF1 = TITLE_TOKEN_F1;
    predicted.forEach((p, i) => {
      if (used.has(i) || p.page !== label.page) return;
      const f1 = tokenF1(label.title, p.title);
      if (f1 >= bestF1 && (best === -1 || f1 > bestF1)) {
        best = i;
        bestF1 = f1;
      }
    });
    if (best === -1) missed.push(label);
    else used.add(best);
  }
  return { matched: used.size, missed, spurious: predicted.filter((_, i) => !used.has(i)) };
}

export function scoreDocument(
  label: StructureLabel,
  storedTitle: string | null,
  stored: readonly PredictedSection[],
): DocumentScore {
  const predicted = stored.filter((s) => s.depth >= 1 && s.depth <= label.depth);
  const labelled = label.sections.filter((s) => s.level <= label.depth);
  const { matched, missed, spurious } = matchSections(labelled, predicted);
  const right = titleRight(label, storedTitle);
  return {
    file: label.file,
    kind: label.kind,
    hasBookmarks: label.hasBookmarks,
    labelTitle: label.title,
    storedTitle,
    titleRight: right,
    documents: 1,
    titlesRight: right ? 1 : 0,
    predicted: predicted.length,
    labelled: labelled.length,
    matched,
    missed,
    spurious,
  };
}

export function sumCounts(scores: readonly Counts[]): Counts {
  const total: Counts = { documents: 0, titlesRight: 0, predicted: 0, labelled: 0, matched: 0 };
  for (const s of scores) {
    total.documents += s.documents;
    total.titlesRight += s.titlesRight;
    total.predicted += s.predicted;
    total.labelled += s.labelled;
    total.matched += s.matched;
  }
  return total;
}

/** Micro-averaged: section counts are pooled over the documents before dividing. */
export function rates(c: Counts): Rates {
  const precision = c.predicted === 0 ? 0 : c.matched / c.predicted;
  const recall = c.labelled === 0 ? 0 : c.matched / c.labelled;
  return {
    titleAccuracy: c.documents === 0 ? 0 : c.titlesRight / c.documents,
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
  };
}

/** Depth of each section from its parent links (a section whose parent is unknown counts as top level). */
export function sectionDepths<S extends { id: string; parentId: string | null }>(
  sections: readonly S[],
): number[] {
  const parentOf = new Map(sections.map((s) => [s.id, s.parentId]));
  return sections.map((s) => {
    let depth = 1;
    let parent = s.parentId;
    const seen = new Set<string>([s.id]);
    while (parent !== null && parentOf.has(parent) && !seen.has(parent)) {
      seen.add(parent);
      depth++;
      parent = parentOf.get(parent) ?? null;
    }
    return depth;
  });
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

/** The summary table: one row per document kind present, then by whether the PDF has bookmarks, then all. */
export function structureTable(scores: readonly DocumentScore[]): string {
  const row = (name: string, c: Counts) => {
    const r = rates(c);
    return `| ${name} | ${c.documents} | ${c.titlesRight}/${c.documents} (${pct(r.titleAccuracy)}) | ${c.labelled} | ${c.predicted} | ${c.matched} | ${r.precision.toFixed(3)} | ${r.recall.toFixed(3)} | ${r.f1.toFixed(3)} |`;
  };
  const lines = [
    '| kind | docs | titles right | labelled sections | stored sections | matched | precision | recall | F1 |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const kind of DOCUMENT_KINDS) {
    const of = scores.filter((s) => s.kind === kind);
    if (of.length > 0) lines.push(row(kind, sumCounts(of)));
  }
  for (const [name, has] of [
    ['with bookmarks', true],
    ['without bookmarks', false],
  ] as const) {
    const of = scores.filter((s) => s.hasBookmarks === has);
    if (of.length > 0) lines.push(row(name, sumCounts(of)));
  }
  lines.push(row('**all**', sumCounts(scores)));
  return lines.join('\n');
}
