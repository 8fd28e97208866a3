// Small MO files for the tests, compiled with Parla's own writer (and one big-endian file as other tools may write).

import { CONTEXT_GLUE, writeMo } from './mo-binary.js';

const HEADER_CS =
  'Project-Id-Version: demo 1.0\nLanguage: cs\nMIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\n' +
  'Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\n';

/** Entries as [original, translation] with NUL and EOT written out. */
export function moOf(header: string, entries: readonly (readonly [string, string])[]): Buffer {
  return writeMo([['', header] as const, ...entries].map(([o, t]) => ({ original: Buffer.from(o, 'utf8'), translation: Buffer.from(t, 'utf8') })));
}

/** A Czech catalogue: plain strings, a context, a three-form plural. */
export const CS_MO = moOf(HEADER_CS, [
  ['Open the file', 'Otevřít soubor'],
  [`menu${CONTEXT_GLUE}File`, 'Soubor'],
  ['%d file\u0000%d files', '%d soubor\u0000%d soubory\u0000%d souborů'],
  ['Save all changes now', 'Uložit všechny změny hned'],
]);

/** The same layout in big-endian byte order (magic 0x950412de read big-endian). */
export function bigEndian(le: Buffer): Buffer {
  const be = Buffer.from(le);
  // The header and both tables are 32-bit words; the strings after them are bytes.
  const wordsEnd = 28 + le.readUInt32LE(8) * 16;
  for (let at = 0; at < wordsEnd; at += 4) be.writeUInt32BE(le.readUInt32LE(at), at);
  return be;
}
