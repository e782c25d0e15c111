import { Inject, Injectable } from '@nestjs/common';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';

/**
 * The original PDFs, by sha256, so pages can be rendered later (page images for vision models). Point
 * FOLIO_FILE_STORE at shared storage when several Folio processes serve one Neo4j.
 */
@Injectable()
export class FileStore {
  private readonly root: string;

  constructor(@Inject(FOLIO_CONFIG) config: FolioConfig) {
    this.root = config.ingest.fileStore;
  }

  /** Null for anything that is not a sha256 (e.g. synthetic benchmark documents): no file can be stored for it. */
  private pathOf(sha256: string): string | null {
    if (!/^[0-9a-f]{64}$/.test(sha256)) return null;
    return path.join(this.root, sha256.slice(0, 2), `${sha256}.pdf`);
  }

  async save(sha256: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(sha256);
    if (!target) throw new Error(`not a sha256: ${sha256}`);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.tmp`;
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, target); // atomic: readers never see half a file
  }

  /** The stored bytes, or null when this store does not have them. */
  async read(sha256: string): Promise<Uint8Array | null> {
    const file = this.pathOf(sha256);
    if (!file) return null;
    try {
      return new Uint8Array(await fs.readFile(file));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async remove(sha256: string): Promise<void> {
    const file = this.pathOf(sha256);
    if (file) await fs.rm(file, { force: true });
  }
}
