import type { FolioConfig } from '../config/folio-config';
import type { IngestionJobRow, IngestRepository } from './ingest.repository';
import { IngestionJobService } from './ingestion-job.service';
import type { IngestionRunner, IngestionWorkItem } from './ingestion-runner';
import { PdfError, PdfErrorCode } from './pdf/pdf.errors';

// The request is where a wrong file is refused: no job node, nothing queued, a typed NOT_A_PDF for the API to map.
function service() {
  const saved: IngestionJobRow[] = [];
  const submitted: IngestionWorkItem[] = [];
  const runner: IngestionRunner = {
    submit: (item) => void submitted.push(item),
    queued: 0,
    holds: () => false,
    drain: async () => undefined,
  };
  const repo = { jobs: { save: async (job: IngestionJobRow) => void saved.push(job) } };
  const config = { heartbeat: { staleAfterMs: 60_000 }, ingest: { runner: 'inline' } } as FolioConfig;
  return {
    jobs: new IngestionJobService(runner, repo as unknown as IngestRepository, config),
    saved,
    submitted,
  };
}

describe('IngestionJobService.start', () => {
  it('refuses bytes that are no PDF before any job exists, typed NOT_A_PDF', async () => {
    const { jobs, saved, submitted } = service();
    const err = await jobs
      .start(new TextEncoder().encode('<html>Not Found</html>'), { fileName: 'report.pdf' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PdfError);
    expect((err as PdfError).code).toBe(PdfErrorCode.NOT_A_PDF);
    expect((err as PdfError).message).toMatch(/starts with "<html>No" instead of "%PDF-"/);
    expect(saved).toEqual([]);
    expect(submitted).toEqual([]);
  });

  it('stores a PDF QUEUED and hands it to the runner', async () => {
    const { jobs, saved, submitted } = service();
    const job = await jobs.start(new TextEncoder().encode('%PDF-1.7\n…'), { fileName: 'report.pdf' });
    expect(job).toMatchObject({ status: 'QUEUED', fileName: 'report.pdf', stage: null });
    expect(saved.map((j) => j.status)).toEqual(['QUEUED']);
    expect(submitted).toHaveLength(1);
  });
});
