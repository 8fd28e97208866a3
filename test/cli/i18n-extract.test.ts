// The message extraction behind `npm run i18n:extract` and `npm run i18n:check`: which calls it finds, the template it
// writes (deterministic, read back by Parla's PO parser), and that the checked-in locale/parla.pot is current.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractMessages, renderPot, sourceFiles } from '../../scripts/i18n-extract.js';
import { poFormat } from '../../src/formats/po/po.format.js';
import { ROOT } from '../helpers/processes.js';

const SOURCE = `
import { ntr, ptr, tr, trHtml } from './i18n.js';
import { msgid } from '../shared/msgid.js';
const LABELS = { a: msgid('Needs editing') };
export const a = () => tr('Save');
export const b = (n: number) => ntr('{n} string', '{n} strings', n);
export const c = () => ptr('verb', 'Open');
export const d = (x: string) => trHtml('{link} to translate.', { link: x }) + tr(\`Multi
line\`);
export const e = (x: string) => tr(x) + tr('Save') + tr('Long ' + 'message');
export const f = (x: string) => ntr(x, 'many', 2);
`;

describe('i18n extraction', () => {
  it('finds literal messages with their context, plural and places, and reports the calls it cannot read', () => {
    const { messages, skipped } = extractMessages([{ path: 'src/ui/x.ts', text: SOURCE }]);
    expect(messages.map((m) => [m.context, m.msgid, m.plural])).toEqual([
      [null, 'Needs editing', null],
      [null, 'Save', null],
      [null, '{n} string', '{n} strings'],
      ['verb', 'Open', null],
      [null, '{link} to translate.', null],
      [null, 'Multi\nline', null],
      [null, 'Long message', null],
    ]);
    expect(messages.find((m) => m.msgid === 'Save')!.references).toEqual(['src/ui/x.ts:5', 'src/ui/x.ts:10']);
    expect(skipped.map((s) => s.reference)).toEqual(['src/ui/x.ts:10', 'src/ui/x.ts:11']);
  });

  it('writes the same template every time, and Parla reads it back as the messages', () => {
    const { messages } = extractMessages([{ path: 'src/ui/x.ts', text: SOURCE }]);
    const pot = renderPot(messages);
    expect(renderPot(messages).equals(pot)).toBe(true);
    expect(pot.toString('utf8')).not.toMatch(/POT-Creation-Date/);
    expect(pot.toString('utf8')).toContain('#: src/ui/x.ts:5 src/ui/x.ts:10\nmsgid "Save"\n');
    expect(pot.toString('utf8')).toContain('#, python-brace-format\nmsgid "{n} string"\nmsgid_plural "{n} strings"\nmsgstr[0] ""\nmsgstr[1] ""\n');
    const units = poFormat.parse(pot).units;
    expect(units.map((u) => [u.context, ...u.source])).toEqual(messages.map((m) => [m.context ?? '', m.msgid, ...(m.plural === null ? [] : [m.plural])]));
  });

  it('has a current locale/parla.pot (what `npm run i18n:check` checks in CI)', () => {
    const { messages } = extractMessages(sourceFiles(ROOT));
    const withoutLines = (text: string) => text.replace(/^(#: .*)$/gm, (line) => line.replace(/:\d+/g, ''));
    const current = fs.readFileSync(path.join(ROOT, 'locale', 'parla.pot'), 'utf8');
    expect(withoutLines(current) === withoutLines(renderPot(messages).toString('utf8')), 'locale/parla.pot is not current: run `npm run i18n:extract`').toBe(true);
  });
});
