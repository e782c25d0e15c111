import { Logger } from '@nestjs/common';
import { ABANDONED_JOB_CODE, applyStalenessRule, BackgroundJobs, TrackedJob } from './background-jobs';

type Job = TrackedJob & { docId: string | null };
const newJob = (): Job => ({
  id: 'j1',
  status: 'QUEUED',
  stage: null,
  done: 0,
  total: 0,
  error: null,
  errorCode: null,
  docId: null,
});

describe('BackgroundJobs', () => {
  const logger = { warn: jest.fn() } as unknown as Logger;

  it('records RUNNING, throttled progress (always on a stage change or a finished stage) and the outcome', async () => {
    const saved: Job[] = [];
    const jobs = new BackgroundJobs<Job>(async (j) => void saved.push(j), logger);
    jobs.launch(newJob(), async (progress) => {
      progress('parse', 1, 3);
      progress('parse', 2, 3); // within the second: skipped
      progress('parse', 3, 3); // finished: kept
      progress('embed', 0, 10); // new stage: kept
      return { docId: 'd1' };
    });
    await jobs.drain();
    expect(saved.map((j) => [j.status, j.stage, j.done, j.total])).toEqual([
      ['RUNNING', null, 0, 0],
      ['RUNNING', 'parse', 1, 3],
      ['RUNNING', 'parse', 3, 3],
      ['RUNNING', 'embed', 0, 10],
      ['SUCCEEDED', 'DONE', 10, 10], // finished: DONE and complete, not the last stage's partial counts
    ]);
    expect(saved.at(-1)).toMatchObject({ docId: 'd1', error: null });
  });

  it('records a failure with its message and code, and survives a store that fails', async () => {
    const saved: Job[] = [];
    let calls = 0;
    const jobs = new BackgroundJobs<Job>(async (j) => {
      if (calls++ === 0) throw new Error('Neo4j hiccup');
      saved.push(j);
    }, logger);
    jobs.launch(newJob(), async () => {
      throw Object.assign(new Error('not a PDF'), { code: 'NOT_A_PDF' });
    });
    await jobs.drain();
    expect(saved.at(-1)).toMatchObject({ status: 'FAILED', error: 'not a PDF', errorCode: 'NOT_A_PDF' });
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('Neo4j hiccup'));
  });

  it('saves a running job again on every heartbeat, and stops beating once it has finished', async () => {
    jest.useFakeTimers();
    try {
      const saved: Job[] = [];
      const jobs = new BackgroundJobs<Job>(async (j) => void saved.push(j), logger, 1000);
      let finish!: () => void;
      jobs.launch(newJob(), () => new Promise<Partial<Job>>((resolve) => (finish = () => resolve({}))));
      await jest.advanceTimersByTimeAsync(3500);
      expect(saved.map((j) => j.status)).toEqual(['RUNNING', 'RUNNING', 'RUNNING', 'RUNNING']);
      expect(saved[0]!.runner).toMatch(/^.+:\d+$/); // host:pid
      finish();
      await jobs.drain();
      await jest.advanceTimersByTimeAsync(5000);
      expect(saved.map((j) => j.status)).toEqual(['RUNNING', 'RUNNING', 'RUNNING', 'RUNNING', 'SUCCEEDED']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('runs at most `concurrency` jobs at once; the others wait QUEUED, beating, and start in launch order', async () => {
    jest.useFakeTimers();
    try {
      const saved: Job[] = [];
      const jobs = new BackgroundJobs<Job>(async (j) => void saved.push({ ...j }), logger, 1000, 1);
      const started: string[] = [];
      const finishers = new Map<string, () => void>();
      for (const id of ['a', 'b', 'c']) {
        jobs.launch({ ...newJob(), id }, () => {
          started.push(id);
          return new Promise<Partial<Job>>((resolve) => finishers.set(id, () => resolve({})));
        });
      }
      await jest.advanceTimersByTimeAsync(1500);
      expect(started).toEqual(['a']);
      expect(jobs.queued).toBe(2);
      // The waiting jobs beat too, as QUEUED, so a long wait never reads as an abandoned job.
      expect(saved.filter((j) => j.id === 'b').map((j) => j.status)).toEqual(['QUEUED']);
      finishers.get('a')!();
      await jest.advanceTimersByTimeAsync(10);
      expect(started).toEqual(['a', 'b']);
      expect(jobs.queued).toBe(1);
      finishers.get('b')!();
      await jest.advanceTimersByTimeAsync(10);
      finishers.get('c')!();
      await jobs.drain();
      expect(started).toEqual(['a', 'b', 'c']);
      expect(saved.filter((j) => j.status === 'SUCCEEDED').map((j) => j.id)).toEqual(['a', 'b', 'c']);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('applyStalenessRule', () => {
  const stored = (status: Job['status'], heartbeatAgeMs: number | null) => ({
    ...newJob(),
    status,
    heartbeatAgeMs,
  });

  it('reports a QUEUED or RUNNING job silent for longer than the rule as FAILED, with the reason', () => {
    for (const status of ['QUEUED', 'RUNNING'] as const) {
      expect(applyStalenessRule(stored(status, 6000), 5000)).toEqual({
        ...newJob(),
        status: 'FAILED',
        errorCode: ABANDONED_JOB_CODE,
        error: expect.stringContaining('The process that ran this job stopped'),
      });
    }
  });

  it('leaves a job with a fresh heartbeat, a finished one and one without a heartbeat as stored', () => {
    expect(applyStalenessRule(stored('RUNNING', 4000), 5000)).toEqual({ ...newJob(), status: 'RUNNING' });
    expect(applyStalenessRule(stored('SUCCEEDED', 60_000), 5000).status).toBe('SUCCEEDED');
    expect(applyStalenessRule(stored('RUNNING', null), 5000).status).toBe('RUNNING');
  });

  it("leaves a Redis queue's job, waiting or running, to the queue however silent it is", () => {
    for (const status of ['QUEUED', 'RUNNING'] as const) {
      const job = { ...stored(status, 600_000), queue: 'redis' };
      expect(applyStalenessRule(job, 5000)).toEqual({ ...newJob(), status, queue: 'redis' });
    }
  });
});
