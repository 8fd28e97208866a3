// ZipParts: synchronous, bounded reading of ZIP archives held in memory (stored, deflated and ZIP64), and its refusals.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { buildZip } from '../../test/helpers/zip.js';
import { ZipError, ZipParts } from './safe-zip.js';
import { zipSync } from './zip-writer.js';

const LIMITS = { maxEntries: 100, maxEntryBytes: 1024 * 1024, maxRatio: 200 };

function readAll(bytes: Uint8Array, limits = LIMITS): Map<string, string> {
  const zip = ZipParts.open(bytes, limits);
  return new Map([...zip.entries].map(([name, entry]) => [name, zip.read(entry).toString('utf8')]));
}

describe('ZipParts', () => {
  it('reads deflated and stored entries with UTF-8 names, within the call', () => {
    const archive = buildZip([
      { name: 'xl/workbook.xml', data: '<workbook/>'.repeat(100) },
      { name: 'složka/čeština.txt', data: 'Příliš žluťoučký kůň', store: true },
      { name: 'empty', data: '' },
    ]);
    expect(readAll(archive)).toEqual(
      new Map([
        ['xl/workbook.xml', '<workbook/>'.repeat(100)],
        ['složka/čeština.txt', 'Příliš žluťoučký kůň'],
        ['empty', ''],
      ]),
    );
    expect(readAll(zipSync([{ name: 'a.txt', data: Buffer.from('alpha') }]))).toEqual(new Map([['a.txt', 'alpha']]));
  });

  it('reads ZIP64 archives', async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from('sixty-four'), 'big/one.txt', { forceZip64Format: true });
    zip.end({ forceZip64Format: true, comment: '' });
    const chunks: Buffer[] = [];
    await new Promise<void>((resolve, reject) =>
      zip.outputStream
        .pipe(
          new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
          }),
        )
        .on('finish', resolve)
        .on('error', reject),
    );
    const archive = Buffer.concat(chunks);
    expect(archive.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06])), 'has a ZIP64 end record').toBe(true);
    expect(readAll(archive)).toEqual(new Map([['big/one.txt', 'sixty-four']]));
  });

  it('refuses what is not a ZIP archive, and damaged data', () => {
    expect(() => ZipParts.open(Buffer.from('source,target\nA,B\n'), LIMITS)).toThrow(ZipError);
    const archive = buildZip([{ name: 'a.txt', data: 'hello hello hello', store: true }]);
    const damaged = Buffer.from(archive);
    damaged[30 + 'a.txt'.length] ^= 0xff;
    const zip = ZipParts.open(damaged, LIMITS);
    expect(() => zip.read(zip.entries.get('a.txt')!)).toThrow(/CRC mismatch/);
    const cut = archive.subarray(0, archive.length - 5);
    expect(() => ZipParts.open(cut, LIMITS)).toThrow(ZipError);
  });

  it('refuses more entries than allowed before reading them', () => {
    const archive = buildZip(Array.from({ length: 101 }, (_, i) => ({ name: `f${i}`, data: 'x' })));
    expect(() => ZipParts.open(archive, LIMITS)).toThrow(/too many entries \(101, at most 100\)/);
    expect(ZipParts.open(archive, { ...LIMITS, maxEntries: 101 }).entries.size).toBe(101);
  });

  it('refuses entries larger than allowed, also when their declared size lies', () => {
    const big = 'a'.repeat(LIMITS.maxEntryBytes + 1);
    const honest = ZipParts.open(buildZip([{ name: 'big', data: big }]), LIMITS);
    expect(() => honest.read(honest.entries.get('big')!)).toThrow(/big is too large \(1\.0 MB inflated, at most 1\.0 MB\)/);
    const lying = ZipParts.open(buildZip([{ name: 'bomb', data: big, declaredSize: 10 }]), LIMITS);
    expect(() => lying.read(lying.entries.get('bomb')!)).toThrow(/cannot be inflated/);
  });

  it('refuses a ZIP bomb by its compression ratio before inflating it, and takes small very compressible parts', () => {
    const limits = { ...LIMITS, maxEntryBytes: 256 * 1024 * 1024 };
    const bomb = ZipParts.open(buildZip([{ name: 'xl/worksheets/sheet1.xml', data: '<c s="1"/>'.repeat(3_000_000) }]), limits);
    const entry = bomb.entries.get('xl/worksheets/sheet1.xml')!;
    expect(entry.compressedSize).toBeLessThan(100_000);
    const started = performance.now();
    expect(() => bomb.read(entry)).toThrow(/xl\/worksheets\/sheet1\.xml inflates to 28\.6 MB from \d+ KB, more than 200 times its compressed size: refused as a likely ZIP bomb\./);
    expect(performance.now() - started).toBeLessThan(50);
    expect(readAll(buildZip([{ name: 'zeros', data: '0'.repeat(1024 * 1024) }]), limits).get('zeros')).toHaveLength(1024 * 1024);
  });

  it('inflates no further than the declared size, so a lie cannot get around the checks', () => {
    const limits = { ...LIMITS, maxEntryBytes: 256 * 1024 * 1024 };
    const lying = ZipParts.open(buildZip([{ name: 'bomb', data: 'a'.repeat(50_000_000), declaredSize: 1000 }]), limits);
    const started = performance.now();
    expect(() => lying.read(lying.entries.get('bomb')!)).toThrow(/cannot be inflated/);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('refuses unsafe names', () => {
    expect(() => ZipParts.open(buildZip([{ name: '../evil.txt', data: 'x' }]), LIMITS)).toThrow(/invalid relative path/);
  });
});
