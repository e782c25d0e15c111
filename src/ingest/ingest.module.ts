import { Module } from '@nestjs/common';
import { FileStore } from './file-store';
import { IngestRecoveryService } from './ingest-recovery.service';
import { IngestRepository } from './ingest.repository';
import { IngestService } from './ingest.service';
import { IngestionJobService } from './ingestion-job.service';
import { InlineIngestionRunner } from './ingestion-runner';
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
    OcrService,
    PageImageService,
    FileStore,
    ReembedService,
    ReembedRepository,
  ],
  exports: [IngestService, IngestionJobService, IngestRecoveryService, PageImageService, ReembedService],
})
export class IngestModule {}
