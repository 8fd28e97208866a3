// Unit tests of the Mozilla DTD format: notes from comments, quote and percent references, kept declarations.
import { describe, expect, it } from 'vitest';
import { dtdFormat } from './dtd.format.js';

const FILE =
  '<!-- License header -->\n\n<!ENTITY % brandDTD SYSTEM "chrome://branding/locale/brand.dtd">\n%brandDTD;\n\n' +
  '<!-- LOCALIZATION NOTE (title): keep it short -->\n<!ENTITY title "Nastavení &brandShortName;">\n' +
  "<!ENTITY said 'Řekl &apos;ahoj&apos;'>\n<!ENTITY done \"100&#037; &quot;hotovo&quot;\">\n";

describe('dtd format', () => {
  it('reads entities with the comment right above as note; license headers and parameter entities are no strings', () => {
    const units = dtdFormat.parse(Buffer.from(FILE)).units;
    expect(units.map((u) => [u.key, u.target[0], u.note])).toEqual([
      ['title', 'Nastavení &brandShortName;', 'LOCALIZATION NOTE (title): keep it short'],
      ['said', "Řekl 'ahoj'", ''],
      ['done', '100% "hotovo"', ''],
    ]);
  });

  it('writes quotes and percent signs as references in the quote of the entry, and adds new entities with their note', () => {
    const store = dtdFormat.parse(Buffer.from(FILE));
    store.updateUnit(1, { target: ["Řekla 'nazdar' a \"čau\""] });
    store.updateUnit(2, { target: ['50% "hotovo"'] });
    store.addUnit({ key: 'new.label', source: ['new.label'], target: ['Nový "štítek"'], note: 'Added -- now' });
    const out = store.serialize().toString('utf8');
    expect(out).toContain("<!ENTITY said 'Řekla &apos;nazdar&apos; a \"čau\"'>\n");
    expect(out).toContain('<!ENTITY done "50&#037; &quot;hotovo&quot;">\n');
    expect(out.endsWith('<!-- Added - - now -->\n<!ENTITY new.label "Nový &quot;štítek&quot;">\n')).toBe(true);
    expect(out.startsWith('<!-- License header -->\n\n<!ENTITY % brandDTD SYSTEM "chrome://branding/locale/brand.dtd">\n%brandDTD;\n')).toBe(true);
    const back = dtdFormat.parse(Buffer.from(out)).units;
    expect(back.map((u) => u.target[0])).toEqual(['Nastavení &brandShortName;', "Řekla 'nazdar' a \"čau\"", '50% "hotovo"', 'Nový "štítek"']);
    expect(back[3]!.note).toBe('Added - - now');
  });

  it('removes an entity with its comment', () => {
    const store = dtdFormat.parse(Buffer.from(FILE));
    store.removeUnit(0);
    expect(store.serialize().toString('utf8')).not.toContain('title');
  });

  it('is bounded: a huge file is refused, and a long run of declarations parses in linear time', () => {
    expect(() => dtdFormat.parse(new Uint8Array(17 * 1024 * 1024))).toThrow(/larger than/);
    const many = Array.from({ length: 50_000 }, (_, i) => `<!ENTITY k${i} "v${i}">`).join('\n');
    const started = performance.now();
    expect(dtdFormat.parse(Buffer.from(many)).units.length).toBe(50_000);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
