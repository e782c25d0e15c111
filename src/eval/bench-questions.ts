import * as fs from 'node:fs';
import * as path from 'node:path';
import { z } from 'zod';
import type { EvidenceBox } from './layout-metrics';

// Questions JSONL in the shared benchmark's normalised format (see ../shared/bench/README.md). The files are read
// where they lie; nothing from them is copied into the project.

const questionSchema = z.looseObject({
  dataset: z.string().min(1),
  qid: z.string().min(1),
  pdf_name: z.string().min(1).nullable(),
  question: z.string().min(1),
  answer: z.string().nullable().optional(),
  /** 1-based; [] when unanswerable; null for document-level labels (docugami). */
  evidence_pages: z.array(z.number().int()).nullable(),
  evidence_sources: z.array(z.string()).nullable().optional(),
  answerable: z.boolean().optional(),
  pdf_image_only: z.boolean().nullable().optional(),
  extra: z.record(z.string(), z.unknown()).nullable().optional(),
});

/** MMDocIR's evidence regions: `extra.layouts`, bbox in PDF points with the origin at the top-left. */
const layoutsSchema = z.array(
  z.looseObject({
    page: z.number().int().min(1),
    bbox_xyxy_pt_topleft: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  }),
);

export type RawBenchQuestion = z.infer<typeof questionSchema>;

export interface BenchQuestion {
  qid: string;
  dataset: string;
  pdfName: string;
  /** Absolute path of the question's PDF. */
  pdfPath: string;
  question: string;
  answer: string | null;
  answerable: boolean;
  /** 1-based, distinct, ascending; empty for unanswerable questions. */
  evidencePages: number[];
  evidenceSources: string[];
  /** Most pages have no text layer (scanned / image-only slides). */
  imageOnly: boolean;
  /** Answer format when the dataset gives one (MMLongBench: Str, Int, Float, List, None). */
  answerFormat: string | null;
  /** MMDocIR evidence regions (layout-level metric); empty when the dataset gives none. */
  evidenceBoxes: EvidenceBox[];
}

export interface BenchQuestionSet {
  file: string;
  pdfDir: string;
  questions: BenchQuestion[];
  /** Lines read (blank lines not counted). */
  total: number;
  /** Rows without page-level labels (pdf_name or evidence_pages null, e.g. docugami), per dataset. */
  skippedDocumentLevel: Record<string, number>;
  /** Rows left out by the datasets filter. */
  skippedByFilter: number;
  /** Rows whose PDF is not in pdfDir, by file name. */
  missingPdfs: Record<string, number>;
  /** Well-formed rows whose labels cannot be scored (e.g. a page 0 in 1-based evidence): skipped, with the reason. */
  invalidRows: { line: number; qid: string; reason: string }[];
}

export class BenchQuestionsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BenchQuestionsError';
  }
}

/** Validates one line; throws with the file and line number and what was wrong. */
export function parseQuestionLine(line: string, lineNumber: number, file = '<input>'): RawBenchQuestion {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (err) {
    throw new BenchQuestionsError(`${file}:${lineNumber}: not valid JSON (${(err as Error).message})`);
  }
  const parsed = questionSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((i) => `${i.path.join('.') || '(row)'}: ${i.message}`)
      .join('; ');
    throw new BenchQuestionsError(`${file}:${lineNumber}: not a benchmark question row (${problems})`);
  }
  return parsed.data;
}

export interface LoadQuestionsOptions {
  /** Keep only these datasets (exact names, e.g. mmlongbench-doc). */
  datasets?: string[];
  /** Checks that a PDF exists; defaults to the file system. */
  pdfExists?: (pdfPath: string) => boolean;
}

/** Parses JSONL text (already read) into questions whose PDFs resolve under pdfDir. */
export function parseQuestions(
  text: string,
  file: string,
  pdfDir: string,
  opts: LoadQuestionsOptions = {},
): BenchQuestionSet {
  const pdfExists = opts.pdfExists ?? ((p: string) => fs.existsSync(p));
  const datasets = opts.datasets && opts.datasets.length > 0 ? new Set(opts.datasets) : null;
  const set: BenchQuestionSet = {
    file,
    pdfDir: path.resolve(pdfDir),
    questions: [],
    total: 0,
    skippedDocumentLevel: {},
    skippedByFilter: 0,
    missingPdfs: {},
    invalidRows: [],
  };
  const seen = new Set<string>();
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === '') continue;
    set.total++;
    const row = parseQuestionLine(line, i + 1, file);
    if (seen.has(row.qid)) throw new BenchQuestionsError(`${file}:${i + 1}: qid '${row.qid}' appears twice`);
    seen.add(row.qid);
    if (datasets && !datasets.has(row.dataset)) {
      set.skippedByFilter++;
      continue;
    }
    if (row.pdf_name === null || row.evidence_pages === null) {
      set.skippedDocumentLevel[row.dataset] = (set.skippedDocumentLevel[row.dataset] ?? 0) + 1;
      continue;
    }
    const pdfPath = path.join(set.pdfDir, row.pdf_name);
    if (!pdfExists(pdfPath)) {
      set.missingPdfs[row.pdf_name] = (set.missingPdfs[row.pdf_name] ?? 0) + 1;
      continue;
    }
    const badPages = row.evidence_pages.filter((p) => p < 1);
    if (badPages.length > 0) {
      set.invalidRows.push({
        line: i + 1,
        qid: row.qid,
        reason: `evidence page ${badPages.join(', ')} (pages are 1-based)`,
      });
      continue;
    }
    const evidencePages = [...new Set(row.evidence_pages)].sort((a, b) => a - b);
    const answerable = row.answerable ?? evidencePages.length > 0;
    if (answerable && evidencePages.length === 0) {
      set.invalidRows.push({ line: i + 1, qid: row.qid, reason: 'answerable but no evidence pages' });
      continue;
    }
    const format = row.extra?.['answer_format'];
    const layouts = layoutsSchema.safeParse(row.extra?.['layouts'] ?? []);
    if (!layouts.success) {
      set.invalidRows.push({
        line: i + 1,
        qid: row.qid,
        reason: `extra.layouts is not a list of {page, bbox_xyxy_pt_topleft} (${layouts.error.issues[0]?.message ?? 'invalid'})`,
      });
      continue;
    }
    set.questions.push({
      qid: row.qid,
      dataset: row.dataset,
      pdfName: row.pdf_name,
      pdfPath,
      question: row.question,
      answer: row.answer ?? null,
      answerable,
      evidencePages,
      evidenceSources: row.evidence_sources ?? [],
      imageOnly: row.pdf_image_only ?? false,
      answerFormat: typeof format === 'string' ? format : null,
      evidenceBoxes: layouts.data.map((l) => ({ pageNumber: l.page, bbox: l.bbox_xyxy_pt_topleft })),
    });
  }
  return set;
}

export function loadQuestions(
  file: string,
  pdfDir: string,
  opts: LoadQuestionsOptions = {},
): BenchQuestionSet {
  if (!fs.existsSync(file))
    throw new BenchQuestionsError(`No questions file at ${file}: pass --questions FILE (JSONL).`);
  if (!fs.statSync(pdfDir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new BenchQuestionsError(
      `No PDF folder at ${pdfDir}: pass --pdfs DIR (the folder the rows' pdf_name refer to).`,
    );
  }
  return parseQuestions(fs.readFileSync(file, 'utf8'), file, pdfDir, opts);
}
