import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BenchQuestionsError, loadQuestions, parseQuestionLine, parseQuestions } from './bench-questions';

// Invented rows in the shared benchmark's format (no benchmark data is copied here).
const row = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    dataset: 'mmlongbench-doc',
    qid: 'q1',
    pdf_name: 'a.pdf',
    question: 'What colour is the cover?',
    answer: 'Blue',
    evidence_pages: [4, 2, 4],
    evidence_sources: ['Figure'],
    answerable: true,
    pdf_image_only: false,
    extra: { answer_format: 'Str' },
    ...over,
  });

const allExist = { pdfExists: () => true };

describe('parseQuestionLine', () => {
  it('names the line and the field that is wrong', () => {
    expect(() => parseQuestionLine(row({ evidence_pages: ['3'] }), 7, 'q.jsonl')).toThrow(
      /q\.jsonl:7: .*evidence_pages\.0/,
    );
    expect(() => parseQuestionLine(row({ question: 42 }), 3, 'q.jsonl')).toThrow(/q\.jsonl:3: .*question/);
    expect(() => parseQuestionLine('{not json', 2, 'q.jsonl')).toThrow(/q\.jsonl:2: not valid JSON/);
  });

  it('keeps fields it does not know', () => {
    expect(parseQuestionLine(row({ pdf_in_keep: true }), 1)).toMatchObject({ pdf_in_keep: true });
  });
});

describe('parseQuestions', () => {
  it('maps rows to questions with sorted distinct 1-based pages and resolved PDF paths', () => {
    const set = parseQuestions(`${row()}\n\n`, 'q.jsonl', '/pdfs', allExist);
    expect(set.total).toBe(1);
    expect(set.questions).toEqual([
      {
        qid: 'q1',
        dataset: 'mmlongbench-doc',
        pdfName: 'a.pdf',
        pdfPath: path.resolve('/pdfs', 'a.pdf'),
        question: 'What colour is the cover?',
        answer: 'Blue',
        answerable: true,
        evidencePages: [2, 4],
        evidenceSources: ['Figure'],
        imageOnly: false,
        answerFormat: 'Str',
        evidenceBoxes: [],
      },
    ]);
  });

  it('reads MMDocIR evidence boxes from extra.layouts and refuses malformed ones', () => {
    const layouts = [{ page: 4, page_size: [612, 792], bbox_xyxy_pt_topleft: [66, 172, 545, 234.5] }];
    const good = parseQuestions(
      row({ dataset: 'mmdocir', extra: { layouts } }),
      'q.jsonl',
      '/pdfs',
      allExist,
    );
    expect(good.questions[0]?.evidenceBoxes).toEqual([{ pageNumber: 4, bbox: [66, 172, 545, 234.5] }]);
    const bad = parseQuestions(
      row({ extra: { layouts: [{ page: 4, bbox_xyxy_pt_topleft: [1, 2, 3] }] } }),
      'q.jsonl',
      '/pdfs',
      allExist,
    );
    expect(bad.questions).toEqual([]);
    expect(bad.invalidRows[0]?.reason).toMatch(/extra\.layouts/);
  });

  it('keeps unanswerable questions with no evidence pages', () => {
    const set = parseQuestions(
      row({ evidence_pages: [], answerable: false, answer: 'Not answerable' }),
      'q.jsonl',
      '/pdfs',
      allExist,
    );
    expect(set.questions[0]).toMatchObject({ answerable: false, evidencePages: [] });
  });

  it('counts document-level rows (docugami) instead of scoring them', () => {
    const docugami = row({
      dataset: 'docugami-sec10q',
      qid: 'd1',
      pdf_name: null,
      evidence_pages: null,
      extra: { source_pdfs: ['x.pdf'] },
    });
    const set = parseQuestions([row(), docugami].join('\n'), 'q.jsonl', '/pdfs', allExist);
    expect(set.questions.map((q) => q.qid)).toEqual(['q1']);
    expect(set.skippedDocumentLevel).toEqual({ 'docugami-sec10q': 1 });
  });

  it('filters by dataset and reports PDFs that are missing', () => {
    const text = [
      row(),
      row({ qid: 'q2', dataset: 'mmdocir' }),
      row({ qid: 'q3', pdf_name: 'gone.pdf' }),
    ].join('\n');
    const set = parseQuestions(text, 'q.jsonl', '/pdfs', {
      datasets: ['mmlongbench-doc'],
      pdfExists: (p) => !p.endsWith('gone.pdf'),
    });
    expect(set.questions.map((q) => q.qid)).toEqual(['q1']);
    expect(set.skippedByFilter).toBe(1);
    expect(set.missingPdfs).toEqual({ 'gone.pdf': 1 });
  });

  it('rejects a repeated qid and a non-row with the line number; skips an answerable row without pages', () => {
    expect(() => parseQuestions([row(), row()].join('\n'), 'q.jsonl', '/pdfs', allExist)).toThrow(
      /q\.jsonl:2: qid 'q1' appears twice/,
    );
    expect(() => parseQuestions('[]', 'q.jsonl', '/pdfs', allExist)).toThrow(BenchQuestionsError);
    expect(parseQuestions(row({ evidence_pages: [] }), 'q.jsonl', '/pdfs', allExist).invalidRows).toEqual([
      { line: 1, qid: 'q1', reason: 'answerable but no evidence pages' },
    ]);
  });

  it('skips a well-formed row whose pages are not 1-based, saying which line and why', () => {
    const set = parseQuestions(
      [row(), row({ qid: 'q0', evidence_pages: [0] })].join('\n'),
      'q.jsonl',
      '/pdfs',
      allExist,
    );
    expect(set.questions.map((q) => q.qid)).toEqual(['q1']);
    expect(set.invalidRows).toEqual([{ line: 2, qid: 'q0', reason: 'evidence page 0 (pages are 1-based)' }]);
  });

  it('takes answerable from the evidence when the flag is absent', () => {
    const noFlag = JSON.parse(row()) as Record<string, unknown>;
    delete noFlag['answerable'];
    expect(
      parseQuestions(JSON.stringify(noFlag), 'q.jsonl', '/pdfs', allExist).questions[0]?.answerable,
    ).toBe(true);
  });
});

describe('loadQuestions', () => {
  it('says which argument to fix when the file or folder is missing', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-q-'));
    try {
      const file = path.join(dir, 'q.jsonl');
      fs.writeFileSync(file, `${row()}\n`);
      fs.writeFileSync(path.join(dir, 'a.pdf'), '%PDF-1.4');
      expect(loadQuestions(file, dir).questions).toHaveLength(1);
      expect(() => loadQuestions(path.join(dir, 'nope.jsonl'), dir)).toThrow(/--questions/);
      expect(() => loadQuestions(file, path.join(dir, 'nope'))).toThrow(/--pdfs/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
