import { Inject } from '@nestjs/common';
import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import type { FileUpload } from 'graphql-upload-minimal';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import { DocumentRepository, StoredDocument } from '../graph/document.repository';
import { IngestError, IngestErrorCode } from '../ingest/ingest.errors';
import type { IngestionJobRow } from '../ingest/ingest.repository';
import { IngestService } from '../ingest/ingest.service';
import { IngestionJobService } from '../ingest/ingestion-job.service';
import { ApiError } from './api.errors';
import type { IngestOptionsInput } from '../document/graphql.types';

/**
 * The upload's bytes, or FILE_TOO_LARGE. The upload library ends a file's stream at its size limit without an
 * error (it only flags the stream `truncated`), so the size is judged here rather than trusted to it.
 */
async function readUpload(upload: FileUpload, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = () =>
    new IngestError(
      IngestErrorCode.FILE_TOO_LARGE,
      `The upload '${upload.filename}' is larger than the limit of ${maxBytes / (1024 * 1024)} MB ` +
        '(FOLIO_MAX_UPLOAD_MB). Upload a smaller PDF, or raise FOLIO_MAX_UPLOAD_MB.',
    );
  let stream: ReturnType<FileUpload['createReadStream']> & { truncated?: boolean };
  try {
    stream = upload.createReadStream();
  } catch (err) {
    // When the limit was hit before the resolver asked for the stream, the library throws its HTTP 413 instead.
    if ((err as { status?: unknown }).status === 413) throw tooLarge();
    throw err;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  if (stream.truncated) throw tooLarge();
  return new Uint8Array(Buffer.concat(chunks));
}

@Resolver('IngestionJob')
export class IngestResolver {
  constructor(
    private readonly jobs: IngestionJobService,
    private readonly ingest: IngestService,
    private readonly documents: DocumentRepository,
    @Inject(FOLIO_CONFIG) private readonly config: FolioConfig,
  ) {}

  @Mutation('ingestDocument')
  async ingestDocument(
    @Args('file', { nullable: true }) file: Promise<FileUpload> | null,
    @Args('path', { nullable: true }) serverPath: string | null,
    @Args('options', { nullable: true }) options: IngestOptionsInput | null,
  ): Promise<IngestionJobRow> {
    if ((file ? 1 : 0) + (serverPath ? 1 : 0) !== 1) {
      throw new ApiError(
        'BAD_USER_INPUT',
        'Give exactly one of file (a multipart upload) or path (a file on the server).',
      );
    }
    const { bytes, fileName } = file
      ? await this.fromUpload(await file)
      : await this.fromServerPath(serverPath!);
    return this.jobs.start(bytes, {
      fileName,
      title: options?.title ?? undefined,
      tags: options?.tags ?? undefined,
      password: options?.password ?? undefined,
      replace: options?.replace ?? false,
    });
  }

  @Mutation('deleteDocument')
  async deleteDocument(@Args('id') id: string): Promise<{ id: string; deleted: boolean }> {
    await this.ingest.deleteDocument(id);
    return { id, deleted: true };
  }

  @Query('ingestionJob')
  async ingestionJob(@Args('id') id: string): Promise<IngestionJobRow> {
    return this.jobs.get(id);
  }

  @ResolveField('document')
  async document(@Parent() job: IngestionJobRow): Promise<StoredDocument | null> {
    return job.docId ? this.documents.get(job.docId) : null;
  }

  private async fromUpload(upload: FileUpload): Promise<{ bytes: Uint8Array; fileName: string }> {
    return { bytes: await readUpload(upload, this.config.limits.maxUploadBytes), fileName: upload.filename };
  }

  /** Server paths are off unless configured, and then confined to FOLIO_INGEST_ROOT (symlinks resolved). */
  private async fromServerPath(requested: string): Promise<{ bytes: Uint8Array; fileName: string }> {
    const { serverPaths, serverPathRoot } = this.config.ingest;
    if (!serverPaths || !serverPathRoot) {
      throw new IngestError(
        IngestErrorCode.SERVER_PATHS_DISABLED,
        'Ingesting from a server path is disabled; upload the file, or enable FOLIO_INGEST_SERVER_PATHS with FOLIO_INGEST_ROOT.',
      );
    }
    const outside = () =>
      new IngestError(IngestErrorCode.PATH_OUTSIDE_ROOT, `'${requested}' is outside the ingest root.`);
    const within = (root: string, p: string) => p === root || p.startsWith(root + path.sep);
    // Judged on the path as written before the file system is asked, so whether a file exists outside the
    // root is never revealed (PATH_OUTSIDE_ROOT either way); then again once symlinks are resolved.
    const root = await fs.realpath(serverPathRoot);
    const written = path.resolve(serverPathRoot, requested);
    if (!within(path.resolve(serverPathRoot), written) && !within(root, written)) throw outside();
    let real: string;
    try {
      real = await fs.realpath(written);
    } catch {
      throw new IngestError(
        IngestErrorCode.FILE_NOT_FOUND,
        `No file at '${requested}' under the ingest root.`,
      );
    }
    if (!within(root, real)) throw outside();
    const stat = await fs.stat(real);
    if (!stat.isFile())
      throw new IngestError(IngestErrorCode.FILE_NOT_FOUND, `'${requested}' is not a file.`);
    if (stat.size > this.config.limits.maxUploadBytes) {
      throw new IngestError(
        IngestErrorCode.FILE_TOO_LARGE,
        `'${requested}' is larger than FOLIO_MAX_UPLOAD_MB.`,
      );
    }
    return { bytes: new Uint8Array(await fs.readFile(real)), fileName: path.basename(real) };
  }
}
