import type { StoredElement } from '../../../src/graph/content.repository';
import { SLIDES } from '../../fixtures/ocr/make-box-slides';
import { createIngestContext, fixture, type IngestContext } from '../../support/ingest-context';

// A scanned deck ingested for real (parse, real PaddleOCR, layout, embed, Neo4j): slide 1 holds two text boxes side
// by side whose rows sit at the same heights, one line height apart (test/fixtures/ocr/box-slides.pdf). No element
// may mix lines of both boxes, each box reads whole in its own order, and each slide title heads a section.
const words = (lines: readonly string[]): Set<string> =>
  new Set(lines.flatMap((line) => line.toLowerCase().match(/[a-z]+/g) ?? []));

describe('a scanned slide with two side-by-side text boxes (real OCR, real Neo4j)', () => {
  let ctx: IngestContext;
  let docId: string;
  let slide1: StoredElement[];

  beforeAll(async () => {
    ctx = await createIngestContext();
    docId = `${ctx.runId}-box-slides`;
    await ctx.ingest.ingest(fixture('ocr', 'box-slides.pdf'), { fileName: 'box-slides.pdf', docId });
    slide1 = await ctx.content.pageElements(docId, 1, null);
  }, 180_000);

  afterAll(async () => {
    await ctx.ingest.deleteDocument(docId).catch(() => undefined);
    await ctx.close();
  });

  const slide = SLIDES[0];
  const leftOnly = [...words(slide.left)].filter((w) => !words(slide.right).has(w));
  const rightOnly = [...words(slide.right)].filter((w) => !words(slide.left).has(w));

  it('keeps every element to one box', () => {
    const body = slide1.filter((e) => e.kind !== 'heading');
    expect(body.length).toBeGreaterThanOrEqual(2);
    for (const element of body) {
      const seen = words([element.text]);
      const mixes = leftOnly.some((w) => seen.has(w)) && rightOnly.some((w) => seen.has(w));
      expect({ text: element.text, mixes }).toEqual({ text: element.text, mixes: false });
    }
  });

  it('reads each box whole, top to bottom, the left box first', () => {
    const texts = slide1.filter((e) => e.kind !== 'heading').map((e) => e.text.toLowerCase());
    expect(texts).toEqual([slide.left.join(' ').toLowerCase(), slide.right.join(' ').toLowerCase()]);
  });

  it('makes each slide title the page heading and a section of the deck', async () => {
    expect(slide1[0]).toMatchObject({ kind: 'heading', text: slide.title });
    const sections = await ctx.content.sections(docId);
    expect(sections.map((s) => [s.title, s.pageStart, s.pageEnd])).toEqual([
      [SLIDES[0].title, 1, 1],
      [SLIDES[1].title, 2, 2],
    ]);
  });
});
