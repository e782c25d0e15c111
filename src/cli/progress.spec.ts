import { PassThrough } from 'node:stream';
import { StageProgress } from './progress';
import { fileLabel } from './progress-format';

// The bars as a terminal draws them: every frame written, escape sequences dropped.
function terminal() {
  const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 200 });
  const frames: string[] = [];
  stream.on('data', (chunk: Buffer) => {
    // eslint-disable-next-line no-control-regex
    const text = chunk.toString('utf8').replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
    if (text.trim()) frames.push(text);
  });
  return { stream, frames };
}

describe('StageProgress on a terminal', () => {
  it('draws every frame of a stage with its ETA as "--" until there is a rate (never "NFs")', async () => {
    const { stream, frames } = terminal();
    const progress = new StageProgress('[1/1] report.pdf', stream);
    progress.update('embed', 0, 120, 'texts'); // a stage's first frame: nothing done yet
    progress.update('embed', 60, 120, 'texts');
    progress.update('write', 0, 5, 'pages'); // the next stage starts from nothing again
    progress.finishStage();
    await new Promise((r) => setImmediate(r));
    expect(frames.some((f) => /embed .* 0\/120 texts .*\| ETA --/.test(f))).toBe(true);
    expect(frames.some((f) => /write .* 0\/5 pages .*\| ETA --/.test(f))).toBe(true);
    expect(frames.join('')).not.toMatch(/NF|INF|NULL|NaN/);
  });

  it("shows a long file name's start and extension in the label, not its first 40 characters", async () => {
    const { stream, frames } = terminal();
    const file = '/data/nike-inc-annual-report-form-10-k-fiscal-2023-final-version.pdf';
    const progress = new StageProgress(fileLabel(file, 1, 3), stream);
    progress.update('parse', 1, 10, 'pages');
    progress.finishStage();
    await new Promise((r) => setImmediate(r));
    expect(frames.join('')).toContain('[2/3] nike-inc-annual-repo…3-final-version.pdf parse');
  });
});

describe('fileLabel', () => {
  it('is the base name, with its place in the batch when given', () => {
    expect(fileLabel('/tmp/x/report.pdf')).toBe('report.pdf');
    expect(fileLabel('/tmp/x/report.pdf', 0, 2)).toBe('[1/2] report.pdf');
  });
});
