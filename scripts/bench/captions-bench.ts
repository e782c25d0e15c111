// Captions and cross-references on the dev PDFs, measured on layout analysis run in-process (no Neo4j): per
// document kind, the share of table/figure/chart regions with a linked caption and the share of reference
// mentions in running text ("see Note 7", "Table 2", "Figure 3", "Section 4.1", "page 12", "Item 7") resolved
// to their target; plus a seeded sample of 50 captions and 50 resolved references to check by hand.
//
//   npm run bench:captions   (= npx tsx scripts/bench/captions-bench.ts [QUESTIONS] [PDF_DIR] [OUT_DIR])
//
// Born-digital PDFs only (scanned ones need OCR first). The first run parses each PDF and keeps the parse under
// OUT_DIR/parsed (about 7 minutes on 2 shared cores); later runs re-run only the layout rules.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { LayoutElement } from '../../src/document/document-model';
import { analyzeLayout } from '../../src/ingest/layout/analyze-layout';
import { resolveMentions } from '../../src/ingest/layout/cross-references';
import { seededRandom } from '../../src/enrich/summary-tree/seeded-random';
import { benchDocuments } from './captions-documents';
import { parsedPdf } from './captions-parse-cache';

interface KindTotals {
  documents: number;
  pages: number;
  floats: number;
  captioned: number;
  objects: number;
  objectsCaptioned: number;
  mentions: number;
  resolved: number;
  mentionsByType: Record<string, { mentions: number; resolved: number }>;
}

interface CaptionSample {
  document: string;
  page: number;
  targetKind: string;
  caption: string;
}

interface ReferenceSample {
  document: string;
  page: number;
  mention: string;
  context: string;
  target: string;
}

const SAMPLE_SIZE = 50;
const truncate = (text: string, n: number): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > n ? `${flat.slice(0, n - 1)}…` : flat;
};

async function main(): Promise<void> {
  const questions = process.argv[2] ?? '../shared/bench/dev-questions.jsonl';
  const pdfDir = process.argv[3] ?? '../shared/bench/pdfs';
  const outDir = process.argv[4] ?? 'bench-results/captions';
  const totals = new Map<string, KindTotals>();
  const captionSamples: CaptionSample[] = [];
  const referenceSamples: ReferenceSample[] = [];
  const unresolved: ReferenceSample[] = [];
  const uncaptioned: CaptionSample[] = [];

  for (const doc of benchDocuments(questions).filter((d) => !d.imageOnly)) {
    const parsed = await parsedPdf(pdfDir, path.join(outDir, 'parsed'), doc);
    const model = analyzeLayout(parsed);
    const t = totals.get(doc.kind) ?? {
      documents: 0,
      pages: 0,
      floats: 0,
      captioned: 0,
      objects: 0,
      objectsCaptioned: 0,
      mentions: 0,
      resolved: 0,
      mentionsByType: {},
    };
    totals.set(doc.kind, t);
    t.documents++;
    t.pages += model.pageCount;

    // A table split into row groups is one region: count each (page, bbox) once.
    const regions = new Map<string, LayoutElement[]>();
    for (const e of model.elements) {
      if (e.kind !== 'table' && e.kind !== 'figure' && e.kind !== 'chart') continue;
      const id = `${e.pageNumber}:${e.bbox.join(',')}`;
      regions.set(id, [...(regions.get(id) ?? []), e]);
    }
    const captionOf = new Map<string, LayoutElement>();
    for (const e of model.elements) if (e.captionOf) captionOf.set(e.captionOf, e);
    for (const parts of regions.values()) {
      t.floats++;
      const caption = parts.map((p) => captionOf.get(p.key)).find(Boolean);
      const first = parts[0]!;
      if (caption) {
        t.captioned++;
        captionSamples.push({
          document: doc.fileName,
          page: first.pageNumber,
          targetKind: first.kind,
          caption: truncate(caption.text, 90),
        });
      } else {
        uncaptioned.push({
          document: doc.fileName,
          page: first.pageNumber,
          targetKind: first.kind,
          caption: '',
        });
      }
    }

    // Visual objects: a chart laid out as several touching regions (bars, axis table, legend) is one object.
    for (const cluster of clusters([...regions.values()].map((parts) => parts[0]!))) {
      t.objects++;
      if (
        cluster.some((e) =>
          [...(regions.get(`${e.pageNumber}:${e.bbox.join(',')}`) ?? [])].some((p) => captionOf.has(p.key)),
        )
      )
        t.objectsCaptioned++;
    }

    const byKey = new Map(model.elements.map((e) => [e.key, e]));
    const sectionTitle = new Map(model.sections.map((s) => [s.key, s.title]));
    for (const { fromKey, mention, target } of resolveMentions(
      model.elements,
      model.sections,
      model.pageCount,
    )) {
      const e = byKey.get(fromKey)!;
      const type = mention.kind === 'label' ? mention.value.split(' ')[0]! : mention.kind;
      const byType = (t.mentionsByType[type] ??= { mentions: 0, resolved: 0 });
      t.mentions++;
      byType.mentions++;
      const context = truncate(e.text.slice(Math.max(0, mention.index - 50), mention.index + 70), 120);
      if (!target) {
        unresolved.push({
          document: doc.fileName,
          page: e.pageNumber,
          mention: mention.mention,
          context,
          target: '',
        });
        continue;
      }
      t.resolved++;
      byType.resolved++;
      const described =
        target.type === 'page'
          ? `page ${target.pageNumber}`
          : target.type === 'section'
            ? `section "${truncate(sectionTitle.get(target.key) ?? '', 60)}"`
            : describeElement(byKey.get(target.key), captionOf);
      referenceSamples.push({
        document: doc.fileName,
        page: e.pageNumber,
        mention: mention.mention,
        context,
        target: described,
      });
    }
    process.stderr.write(
      `${doc.fileName}: ${regions.size} regions, ${model.crossReferences.length} references\n`,
    );
  }

  const random = seededRandom(11);
  const sample = <T>(items: T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, SAMPLE_SIZE);
  };
  const report = {
    byKind: Object.fromEntries(
      [...totals].map(([kind, t]) => [
        kind,
        {
          ...t,
          captionedShare: share(t.captioned, t.floats),
          objectsCaptionedShare: share(t.objectsCaptioned, t.objects),
          resolvedShare: share(t.resolved, t.mentions),
        },
      ]),
    ),
    captionSample: sample(captionSamples),
    referenceSample: sample(referenceSamples),
    unresolvedSample: sample(unresolved),
    uncaptionedSample: sample(uncaptioned),
  };
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'captions-bench.json'), JSON.stringify(report, null, 2));
  console.log('| kind | docs | pages | regions | captioned | objects | captioned | mentions | resolved |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const [kind, t] of totals)
    console.log(
      `| ${kind} | ${t.documents} | ${t.pages} | ${t.floats} | ${pct(t.captioned, t.floats)} | ${t.objects} | ${pct(t.objectsCaptioned, t.objects)} | ${t.mentions} | ${pct(t.resolved, t.mentions)} |`,
    );
  const all = [...totals.values()];
  const sum = (f: (t: KindTotals) => number) => all.reduce((n, t) => n + f(t), 0);
  console.log(
    `| all | ${sum((t) => t.documents)} | ${sum((t) => t.pages)} | ${sum((t) => t.floats)} | ${pct(
      sum((t) => t.captioned),
      sum((t) => t.floats),
    )} | ${sum((t) => t.objects)} | ${pct(
      sum((t) => t.objectsCaptioned),
      sum((t) => t.objects),
    )} | ${sum((t) => t.mentions)} | ${pct(
      sum((t) => t.resolved),
      sum((t) => t.mentions),
    )} |`,
  );
  const types: Record<string, { mentions: number; resolved: number }> = {};
  for (const t of all)
    for (const [type, v] of Object.entries(t.mentionsByType)) {
      const acc = (types[type] ??= { mentions: 0, resolved: 0 });
      acc.mentions += v.mentions;
      acc.resolved += v.resolved;
    }
  console.log(
    'mentions by type:',
    Object.entries(types)
      .map(([type, v]) => `${type} ${v.resolved}/${v.mentions}`)
      .join(', '),
  );
}

/** Regions on one page whose boxes overlap or lie within 36 pt of each other, joined transitively. */
function clusters(regions: LayoutElement[]): LayoutElement[][] {
  const groups: LayoutElement[][] = [];
  for (const region of regions) {
    const near = groups.filter((g) =>
      g.some(
        (o) =>
          o.pageNumber === region.pageNumber &&
          o.bbox[0] - 36 < region.bbox[2] &&
          region.bbox[0] - 36 < o.bbox[2] &&
          o.bbox[1] - 36 < region.bbox[3] &&
          region.bbox[1] - 36 < o.bbox[3],
      ),
    );
    const merged = [region, ...near.flat()];
    for (const g of near) groups.splice(groups.indexOf(g), 1);
    groups.push(merged);
  }
  return groups;
}

function describeElement(e: LayoutElement | undefined, captionOf: Map<string, LayoutElement>): string {
  if (!e) return 'missing element';
  const caption = captionOf.get(e.key);
  return `${e.kind} p${e.pageNumber}${caption ? ` "${truncate(caption.text, 60)}"` : ` "${truncate(e.text, 40)}"`}`;
}

function share(n: number, d: number): number {
  return d ? Math.round((1000 * n) / d) / 10 : 0;
}

function pct(n: number, d: number): string {
  return `${n} (${share(n, d)} %)`;
}

void main();
