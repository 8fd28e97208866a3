// ZipWriter and zipSync output read back by yauzl and Debian's unzip; ZIP64 past 65,535 entries; streaming in constant memory.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import yauzl, { type Entry } from 'yauzl';
import { ZipWriter, zipSync } from './zip-writer.js';

interface ReadEntry {
  name: string;
  data: Buffer;
  flags: number;
  modified: Date;
  method: number;
}

function readZip(buffer: Buffer): Promise<ReadEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const out: ReadEntry[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(out));
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) return reject(error ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            out.push({ name: entry.fileName, data: Buffer.concat(chunks), flags: entry.generalPurposeBitFlag, modified: entry.getLastModDate(), method: entry.compressionMethod });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** Collects everything written into one Buffer. */
function collector(): { sink: Writable; result: () => Buffer; written: () => number } {
  const chunks: Buffer[] = [];
  let size = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      size += chunk.length;
      callback();
    },
  });
  return { sink, result: () => Buffer.concat(chunks), written: () => size };
}

function hasCommand(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const HAS_UNZIP = hasCommand('unzip');

function unzipTest(archive: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-zip-'));
  const file = path.join(dir, 'test.zip');
  try {
    fs.writeFileSync(file, archive);
    return execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const MTIME = new Date(2024, 4, 17, 13, 45, 30);
const UNICODE_NAME = 'složka/čeština 日本語.txt';

async function sampleArchive(): Promise<Buffer> {
  const { sink, result } = collector();
  const zip = new ZipWriter(sink);
  await zip.addFile('hello.txt', Buffer.from('Hello, world!\n'), { mtime: MTIME });
  await zip.addFile(UNICODE_NAME, Readable.from([Buffer.from('Příliš '), Buffer.from('žluťoučký kůň')]), { mtime: MTIME });
  await zip.addFile('empty.txt', Buffer.alloc(0), { mtime: MTIME });
  await zip.addFile('dir/big.bin', Buffer.alloc(300_000, 7), { mtime: MTIME });
  await zip.finish();
  return result();
}

describe('ZipWriter', () => {
  it('writes entries that yauzl reads back with UTF-8 names, data descriptors and times', async () => {
    const entries = await readZip(await sampleArchive());
    expect(entries.map((e) => e.name)).toEqual(['hello.txt', UNICODE_NAME, 'empty.txt', 'dir/big.bin']);
    expect(entries[0]!.data.toString()).toBe('Hello, world!\n');
    expect(entries[1]!.data.toString()).toBe('Příliš žluťoučký kůň');
    expect(entries[2]!.data.length).toBe(0);
    expect(entries[3]!.data.equals(Buffer.alloc(300_000, 7))).toBe(true);
    for (const e of entries) {
      // An ASCII name reads the same without the flag.
      if (Buffer.byteLength(e.name) !== e.name.length) expect(e.flags & (1 << 11), 'UTF-8 flag').not.toBe(0);
      expect(e.flags & (1 << 3), 'data descriptor flag').not.toBe(0);
      expect(e.modified.getTime()).toBe(MTIME.getTime());
    }
  });

  it('queues addFile calls that are not awaited one by one', async () => {
    const { sink, result } = collector();
    const zip = new ZipWriter(sink);
    const names = Array.from({ length: 20 }, (_, i) => `file-${i}.txt`);
    const pending = names.map((name) => zip.addFile(name, Buffer.from(name.repeat(50))));
    await Promise.all([...pending, zip.finish()]);
    const entries = await readZip(result());
    expect(entries.map((e) => e.name)).toEqual(names);
    expect(entries.map((e) => e.data.toString())).toEqual(names.map((n) => n.repeat(50)));
  });

  it('passes unzip -t', async (context) => {
    if (!HAS_UNZIP) {
      console.warn('zip-writer.test: Debian unzip is not installed, skipping the unzip -t check');
      context.skip();
    }
    const report = unzipTest(await sampleArchive());
    expect(report).toMatch(/No errors detected/);
    expect(report).toContain(UNICODE_NAME);
  });

  it('writes ZIP64 records past 65,535 entries, streaming them as they are added', { timeout: 60_000 }, async () => {
    const count = 65_600;
    const { sink, result, written } = collector();
    const zip = new ZipWriter(sink, { level: 0 });
    const name = (i: number) => `files/${Math.floor(i / 1000)}/entry-${i}.txt`;
    for (let i = 0; i < count; i++) await zip.addFile(name(i), Buffer.from(`#${i}`), { mtime: MTIME });
    // Every entry but the tail still in flight already reached the output before the central directory:
    // stored buffers carry their sizes in a 30-byte local header.
    let entriesBytes = 0;
    for (let i = 0; i < count - 100; i++) entriesBytes += 30 + name(i).length + `#${i}`.length;
    expect(written()).toBeGreaterThan(entriesBytes);
    await zip.finish();
    const archive = result();
    expect(archive.readUInt32LE(archive.length - 22)).toBe(0x06054b50);
    expect(archive.readUInt16LE(archive.length - 22 + 10), 'ZIP32 count field saturated').toBe(0xffff);
    expect(archive.readUInt32LE(archive.length - 22 - 20 - 56), 'ZIP64 end of central directory').toBe(0x06064b50);

    const zipfile = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(archive, { lazyEntries: false, strictFileNames: true }, (err, z) => (err || !z ? reject(err ?? new Error('no zip')) : resolve(z))),
    );
    expect(zipfile.entryCount).toBe(count);
    const names: string[] = [];
    const sample = new Map<string, Entry>();
    await new Promise<void>((resolve, reject) => {
      zipfile.on('entry', (entry: Entry) => {
        names.push(entry.fileName);
        if (names.length % 9_999 === 1 || names.length === count) sample.set(entry.fileName, entry);
      });
      zipfile.on('end', resolve);
      zipfile.on('error', reject);
    });
    expect(names).toEqual(Array.from({ length: count }, (_, i) => name(i)));
    for (const [entryName, entry] of sample) {
      const data = await new Promise<string>((resolve, reject) =>
        zipfile.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => resolve(Buffer.concat(chunks).toString()));
        }),
      );
      expect(data).toBe(`#${/entry-(\d+)/.exec(entryName)![1]}`);
    }
  });

  it('reads a source no faster than the output takes the archive', async () => {
    const stalled = new Writable({
      highWaterMark: 16 * 1024,
      write() {
        // never calls back: a client that stopped reading
      },
    });
    const zip = new ZipWriter(stalled);
    let pulled = 0;
    const chunk = randomBytes(64 * 1024);
    const source = new Readable({
      read() {
        if (pulled >= 64 * 1024 * 1024) return this.push(null);
        pulled += chunk.length;
        this.push(chunk);
      },
    });
    let settled = false;
    const pending = zip.addFile('random.bin', source).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false);
    expect(pulled, 'bytes read from the source while the output is stalled').toBeLessThan(2 * 1024 * 1024);
    stalled.destroy();
    await expect(pending).rejects.toThrow(/closed before the archive was complete/);
    expect(source.destroyed, 'the source is released').toBe(true);
  });

  it('holds buffers to the pace of the output too', async () => {
    const stalled = new Writable({
      highWaterMark: 16 * 1024,
      write() {
        // never calls back: a client that stopped reading
      },
    });
    const zip = new ZipWriter(stalled, { level: 0 });
    let added = 0;
    const adding = (async () => {
      for (let i = 0; i < 1000; i++) {
        await zip.addFile(`file-${i}.bin`, Buffer.alloc(64 * 1024, i));
        added++;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(added, 'entries taken while the output is stalled').toBeLessThan(4);
    stalled.destroy();
    await expect(adding).rejects.toThrow(/closed before the archive was complete/);
  });

  it('fails the archive when a source fails, and every later call', async () => {
    const zip = new ZipWriter(collector().sink);
    await zip.addFile('ok.txt', Buffer.from('fine'));
    const broken = new Readable({
      read() {
        this.destroy(new Error('disk on fire'));
      },
    });
    await expect(zip.addFile('broken.txt', broken)).rejects.toThrow(/disk on fire/);
    await expect(zip.addFile('after.txt', Buffer.from('x'))).rejects.toThrow(/disk on fire/);
    await expect(zip.finish()).rejects.toThrow(/disk on fire/);
  });

  it('refuses bad names and calls after finish()', async () => {
    const { sink } = collector();
    const zip = new ZipWriter(sink);
    // Each of these zip-stream would write under another name, as a directory, or outside the extraction folder.
    for (const bad of ['a\u0000b', '', 'a\\b', '/etc/passwd', '../up.txt', 'a/../../up.txt', 'a//b', 'dir/', 'C:x.txt', 'lang:cs.po']) {
      await expect(zip.addFile(bad, Buffer.from('x')), JSON.stringify(bad)).rejects.toThrow(/Invalid ZIP entry name/);
    }
    await zip.addFile('./ok/a..b/.hidden', Buffer.from('x'));
    const other = new ZipWriter(collector().sink);
    await other.finish();
    await expect(other.addFile('late.txt', Buffer.from('x'))).rejects.toThrow(/after finish/);
  });

  it('fails instead of hanging when the output goes away mid-entry', async () => {
    const stuck = new Writable({
      highWaterMark: 1024,
      write() {
        // never calls back: a client that stopped reading
      },
    });
    const zip = new ZipWriter(stuck);
    const pending = zip.addFile('random.bin', randomBytes(1_000_000));
    setTimeout(() => stuck.destroy(), 50);
    await expect(pending).rejects.toThrow(/closed before the archive was complete/);
    await expect(zip.finish()).rejects.toThrow();
  });

  it('writes an empty archive', async () => {
    const { sink, result } = collector();
    const zip = new ZipWriter(sink);
    await zip.finish();
    expect(result().length).toBe(22);
    expect(await readZip(result())).toEqual([]);
  });

  it('streams a 1 GiB project in memory independent of its size', { timeout: 120_000 }, async () => {
    const MiB = 1024 * 1024;
    const pattern = Buffer.alloc(MiB);
    for (let i = 0; i < pattern.length; i++) pattern[i] = ((i * 2654435761) >>> 13) & 0x3f;
    const files = 16;
    const chunksPerFile = 64; // 16 × 64 MiB = 1 GiB
    let written = 0;
    let tail = Buffer.alloc(0);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        written += chunk.length;
        tail = Buffer.concat([tail, chunk]).subarray(-65_536);
        callback();
      },
    });
    const before = process.memoryUsage();
    let peak = 0;
    const sample = () => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.heapUsed + m.arrayBuffers - before.heapUsed - before.arrayBuffers);
    };
    const timer = setInterval(sample, 20);
    const zip = new ZipWriter(sink);
    const expectedCrc: number[] = [];
    try {
      for (let f = 0; f < files; f++) {
        let sent = 0;
        let crc = 0;
        await zip.addFile(
          `project/component-${f}/cs.po`,
          new Readable({
            read() {
              if (sent++ < chunksPerFile) {
                crc = zlib.crc32(pattern, crc);
                this.push(pattern);
              } else this.push(null);
            },
          }),
        );
        expectedCrc.push(crc);
        sample();
      }
      await zip.finish();
    } finally {
      clearInterval(timer);
    }
    expect(peak, `peak extra memory ${Math.round(peak / MiB)} MiB`).toBeLessThan(64 * MiB);

    // The central directory at the end lists every entry with its full size and CRC.
    const eocd = tail.subarray(tail.length - 22);
    expect(eocd.readUInt32LE(0)).toBe(0x06054b50);
    expect(eocd.readUInt16LE(10)).toBe(files);
    const directorySize = eocd.readUInt32LE(12);
    expect(eocd.readUInt32LE(16) + directorySize + 22).toBe(written);
    let p = tail.length - 22 - directorySize;
    for (let f = 0; f < files; f++) {
      expect(tail.readUInt32LE(p)).toBe(0x02014b50);
      expect(tail.readUInt32LE(p + 16)).toBe(expectedCrc[f]);
      expect(tail.readUInt32LE(p + 24)).toBe(chunksPerFile * MiB);
      p += 46 + tail.readUInt16LE(p + 28) + tail.readUInt16LE(p + 30) + tail.readUInt16LE(p + 32);
    }
  });
});

describe('zipSync', () => {
  it('builds an archive that yauzl and unzip read', async () => {
    const archive = zipSync([
      { name: 'a.txt', data: Buffer.from('alpha'), mtime: MTIME },
      { name: UNICODE_NAME, data: Buffer.from('čeština'), mtime: MTIME },
      { name: 'empty', data: new Uint8Array(0), mtime: MTIME },
    ]);
    const entries = await readZip(archive);
    expect(entries.map((e) => [e.name, e.data.toString()])).toEqual([
      ['a.txt', 'alpha'],
      [UNICODE_NAME, 'čeština'],
      ['empty', ''],
    ]);
    for (const e of entries) {
      expect(e.flags & (1 << 3), 'sizes in the local header').toBe(0);
      expect(e.method, 'deflated').toBe(8);
      expect(e.modified.getTime()).toBe(MTIME.getTime());
    }
    expect(entries[1]!.flags & (1 << 11), 'UTF-8 flag').not.toBe(0);
    if (HAS_UNZIP) expect(unzipTest(archive)).toMatch(/No errors detected/);
  });

  it('compresses the parts', () => {
    const sheet = Buffer.from('<row><c t="inlineStr"><is><t>Hello</t></is></c></row>'.repeat(2000));
    expect(zipSync([{ name: 'xl/worksheets/sheet1.xml', data: sheet }]).length).toBeLessThan(sheet.length / 20);
  });

  it('keeps the order of the entries and refuses what it would lose', async () => {
    const names = ['mimetype', 'b/1', 'a.txt'];
    const entries = await readZip(zipSync(names.map((name) => ({ name, data: Buffer.from(name) }))));
    expect(entries.map((e) => e.name)).toEqual(names);
    expect(() => zipSync(['mimetype', '2', '10'].map((name) => ({ name, data: Buffer.from(name) })))).toThrow(/would be reordered/);
    expect(() => zipSync([{ name: 'a', data: Buffer.from('1') }, { name: 'a', data: Buffer.from('2') }])).toThrow(/duplicate entry name/);
    expect(() => zipSync([{ name: '../a', data: Buffer.from('1') }])).toThrow(/Invalid ZIP entry name/);
  });
});
