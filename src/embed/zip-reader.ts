import * as fs from 'node:fs';
import * as zlib from 'node:zlib';

// Jars and wheels are plain zip files; reading the few entries we need here avoids depending on an `unzip` binary.
const END_OF_CENTRAL_DIR = 0x06054b50;
const CENTRAL_DIR_ENTRY = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

export class ZipArchive {
  private constructor(
    readonly file: string,
    private readonly data: Buffer,
    readonly entries: ReadonlyMap<string, ZipEntry>,
  ) {}

  static open(file: string): ZipArchive {
    const data = fs.readFileSync(file);
    return new ZipArchive(file, data, readCentralDirectory(file, data));
  }

  read(name: string): Buffer {
    const entry = this.entries.get(name);
    if (!entry) throw new Error(`${this.file} has no entry '${name}'`);
    const at = entry.localHeaderOffset;
    if (this.data.readUInt32LE(at) !== LOCAL_FILE_HEADER)
      throw new Error(`${this.file}: bad local header for '${name}'`);
    const start = at + 30 + this.data.readUInt16LE(at + 26) + this.data.readUInt16LE(at + 28);
    const raw = this.data.subarray(start, start + entry.compressedSize);
    const content =
      entry.method === STORED
        ? Buffer.from(raw)
        : entry.method === DEFLATED
          ? zlib.inflateRawSync(raw)
          : undefined;
    if (!content)
      throw new Error(`${this.file}: '${name}' uses unsupported compression method ${entry.method}`);
    if (content.length !== entry.size)
      throw new Error(`${this.file}: '${name}' inflated to ${content.length} bytes, expected ${entry.size}`);
    return content;
  }
}

function readCentralDirectory(file: string, data: Buffer): Map<string, ZipEntry> {
  // The end record sits in the last 22 bytes plus an optional comment of up to 64 KiB.
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (data.readUInt32LE(i) === END_OF_CENTRAL_DIR) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error(`${file} is not a zip archive (no end of central directory)`);
  const count = data.readUInt16LE(eocd + 10);
  let at = data.readUInt32LE(eocd + 16);
  if (count === 0xffff || at === 0xffffffff)
    throw new Error(`${file} is a zip64 archive, which is not supported`);
  const entries = new Map<string, ZipEntry>();
  for (let i = 0; i < count; i++) {
    if (data.readUInt32LE(at) !== CENTRAL_DIR_ENTRY) throw new Error(`${file}: corrupt central directory`);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const name = data.toString('utf8', at + 46, at + 46 + nameLength);
    entries.set(name, {
      name,
      method: data.readUInt16LE(at + 10),
      compressedSize: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      localHeaderOffset: data.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
