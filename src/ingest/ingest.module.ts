import { Module } from '@nestjs/common';
import { FileStore } from './file-store';
import { IngestRecoveryService } from './ingest-recovery.service';
import { IngestRepository } from './ingest.repository';
import { IngestService } from './ingest.service';
import { IngestionJobService } from './ingestion-job.service';
import { INGESTION_RUNNER, InlineIngestionRunner, type IngestionRunner } from './ingestion-runner';
import { RedisIngestionRunner } from './queue/ingest-queue';
import { IngestionWorkerService } from './queue/ingestion-worker.service';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import { OcrService } from './ocr.service';
import { PageImageService } from './page-image.service';
import { ReembedRepository } from './reembed.repository';
import { ReembedService } from './reembed.service';

/** PDF → document graph. The only module that imports pdfjs-dist (and OCR's onnxruntime use). */
@Module({
  providers: [
    IngestRepository,
    IngestService,
    IngestRecoveryService,
    IngestionJobService,
    InlineIngestionRunner,
    {
      // Redis is connected to only when FOLIO_INGEST_RUNNER=redis: the inline default needs none.
      provide: INGESTION_RUNNER,
      inject: [FOLIO_CONFIG, InlineIngestionRunner, FileStore],
      useFactory: (config: FolioConfig, inline: InlineIngestionRunner, files: FileStore): IngestionRunner =>
        config.ingest.runner === 'redis' ? new RedisIngestionRunner(config, files) : inline,
    },
    IngestionWorkerService,
    OcrService,
    PageImageService,
    FileStore,
    ReembedService,
    ReembedRepository,
  ],
  exports: [
    IngestService,
    IngestionJobService,
    IngestionWorkerService,
    IngestRecoveryService,
    PageImageService,
    ReembedService,
  ],
})
export class IngestModule {}
