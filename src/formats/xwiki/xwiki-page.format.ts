// XWiki pages as translation files: "xwiki-page-properties" (a page whose content is a properties file) and "xwiki-fullpage" (a page whose title and content are translated whole).
import { FormatParseError, type CreateOptions, type FormatUnit, type NewUnit, type ParsedStore, type ParseOptions, type TranslationFormat, type UnitChange } from '../format.js';
import { parsePropertiesText } from '../properties/parser.js';
import { PropertiesStore } from '../properties/properties-store.js';
import { firstChild, textContent, type XmlDocument, type XmlElement } from '../xml/dom.js';
import { openingTag, removalRange, rewriteStartTag } from '../xml/edit.js';
import { decodeXmlBytes, encodeXml, type XmlEncoding } from '../xml/encoding.js';
import { escapeXmlText } from '../xml/entities.js';
import { TextPatcher } from '../xml/patcher.js';
import { parseXml } from '../xml/scanner.js';

/** XWiki pages are small documents; larger files are refused. */
const MAX_PAGE_BYTES = 32 * 1024 * 1024;

/** XWiki's messages are Java MessageFormat patterns when they hold a {0} parameter: an apostrophe is written ''. */
const XWIKI_PARAMETER = /\{[0-9]+\}/;
const decodeValue = (value: string) => (XWIKI_PARAMETER.test(value) ? value.replaceAll("''", "'") : value);
const encodeValue = (value: string) => (XWIKI_PARAMETER.test(value) ? value.replaceAll("'", "''") : value);

/** The page a translation file starts from when the component has no template (XWiki's export layout). */
function skeleton(language: string): string {
  return `<?xml version="1.1" encoding="UTF-8"?>\n\n<xwikidoc locale="${language}">\n  <language>${language}</language>\n  <translation>1</translation>\n  <title/>\n  <content/>\n</xwikidoc>\n`;
}

/** A parsed page: its text, the root and the elements translations touch. */
interface Page {
  text: string;
  encoding: XmlEncoding;
  bom: boolean;
  doc: XmlDocument;
  root: XmlElement;
  content: XmlElement;
  title: XmlElement | undefined;
}

function readPage(bytes: Uint8Array, filename: string | undefined): Page {
  if (bytes.length > MAX_PAGE_BYTES) throw new FormatParseError(`file is larger than ${MAX_PAGE_BYTES} bytes`, undefined, filename);
  const { text, encoding, bom } = decodeXmlBytes(bytes, filename);
  const doc = parseXml(text, filename !== undefined ? { filename } : {});
  const root = doc.root;
  if (!root || root.name !== 'xwikidoc') throw new FormatParseError('not an XWiki page: the root element is not <xwikidoc>', root ? doc.lineAt(root.start) : 1, filename);
  const content = firstChild(root, 'content');
  if (!content) throw new FormatParseError('the XWiki page has no <content> element', doc.lineAt(root.start), filename);
  return { text, encoding, bom, doc, root, content, title: firstChild(root, 'title') };
}

/**
 * The new text of an element whose decoded text was `before`: lines the edit left alone keep their raw form (the
 * file's own escaping), changed lines are escaped as XWiki writes them (&lt; &gt; &amp;).
 */
function rewrittenText(raw: string, before: string, after: string): string {
  const rawLines = raw.split('\n');
  const oldLines = before.split('\n');
  if (rawLines.length !== oldLines.length) return escapeXmlText(after);
  const newLines = after.split('\n');
  let start = 0;
  while (start < oldLines.length && start < newLines.length && oldLines[start] === newLines[start]) start++;
  let endOld = oldLines.length;
  let endNew = newLines.length;
  while (endOld > start && endNew > start && oldLines[endOld - 1] === newLines[endNew - 1]) {
    endOld--;
    endNew--;
  }
  return [...rawLines.slice(0, start), ...newLines.slice(start, endNew).map((line) => escapeXmlText(line)), ...rawLines.slice(endOld)].join('\n');
}

/** Sets an element's text in the patcher (a self-closing `<content/>` gets an end tag; empty text stays as it is written). */
function setElementText(patcher: TextPatcher, text: string, el: XmlElement, before: string, after: string): void {
  if (after === before) return;
  if (el.selfClosing) {
    patcher.set(el.start, el.end, after === '' ? text.slice(el.start, el.end) : `${openingTag(text.slice(el.start, el.startTagEnd))}${escapeXmlText(after)}</${el.name}>`);
    return;
  }
  patcher.set(el.contentStart, el.contentEnd, rewrittenText(text.slice(el.contentStart, el.contentEnd), before, after));
}

/**
 * A new translation's page from the template page, as XWiki stores a translation: the page's objects and
 * attachments stay with the default page, `translation` is 1, `language` and the root's `locale` name the
 * language, and the translated parts start empty.
 */
function translationPage(template: Page, language: string, emptied: readonly XmlElement[]): string {
  const { text, root } = template;
  const patcher = new TextPatcher(text);
  for (const el of root.children) {
    if (el.kind === 'element' && (el.name === 'object' || el.name === 'attachment')) {
      const [from, to] = removalRange(text, el);
      patcher.set(from, to, '');
    }
  }
  patcher.set(root.start, root.startTagEnd, rewriteStartTag(text, root, { locale: language }));
  const setText = (name: string, value: string) => {
    const el = firstChild(root, name);
    if (!el) return;
    patcher.set(el.start, el.end, `<${name}>${escapeXmlText(value)}</${name}>`);
  };
  setText('translation', '1');
  setText('language', language);
  for (const el of emptied) patcher.set(el.start, el.end, `<${el.name}/>`);
  return patcher.apply();
}

/** A template page's text, when the template was parsed by these formats. */
function templatePage(template: ParsedStore | undefined): Page | undefined {
  return template instanceof XWikiPageStore ? template.page : undefined;
}

/** Shared by both formats: the page, its encoding, and the bytes it was read from (unchanged files write them back). */
abstract class XWikiPageStore implements ParsedStore {
  readonly header: Readonly<Record<string, string>> = {};
  protected modified = false;

  constructor(
    readonly page: Page,
    private readonly original: Uint8Array | null,
  ) {}

  abstract readonly units: readonly FormatUnit[];
  abstract updateUnit(index: number, change: UnitChange): void;
  abstract addUnit(unit: NewUnit): void;
  abstract removeUnit(index: number): void;
  protected abstract patch(patcher: TextPatcher): void;

  /** XWiki pages keep no gettext-style header: accepted and ignored. */
  setHeader(): void {}

  serialize(): Buffer {
    if (!this.modified && this.original) return Buffer.from(this.original);
    const patcher = new TextPatcher(this.page.text);
    this.patch(patcher);
    return encodeXml(patcher.apply(), this.page.encoding, this.page.bom);
  }
}

/** xwiki-page-properties: the units are the properties of the page's content (XWiki's quoting, UTF-8). */
class PagePropertiesStore extends XWikiPageStore {
  private readonly before: string;

  constructor(
    page: Page,
    original: Uint8Array | null,
    private readonly inner: PropertiesStore,
  ) {
    super(page, original);
    this.before = textContent(page.content);
  }

  get units(): readonly FormatUnit[] {
    return this.inner.units;
  }

  updateUnit(index: number, change: UnitChange): void {
    this.inner.updateUnit(index, change);
    this.modified = true;
  }

  addUnit(unit: NewUnit): void {
    this.inner.addUnit(unit);
    this.modified = true;
  }

  removeUnit(index: number): void {
    this.inner.removeUnit(index);
    this.modified = true;
  }

  protected patch(patcher: TextPatcher): void {
    setElementText(patcher, this.page.text, this.page.content, this.before, this.inner.serialize().toString('utf8'));
  }
}

function propertiesOf(text: string, filename: string | undefined, line: number): PropertiesStore {
  let parsed;
  try {
    parsed = parsePropertiesText(text, filename);
  } catch (error) {
    // Lines of the properties text count from the <content> element's line.
    if (error instanceof FormatParseError && error.line !== undefined) throw new FormatParseError(error.reason, line + error.line - 1, filename);
    throw error;
  }
  const entries = parsed.entries.map((e) => ({ ...e, value: decodeValue(e.value) }));
  return new PropertiesStore({ text, entries, eol: parsed.eol, encoding: 'utf8', bom: false, asciiOnly: false, original: Buffer.from(text, 'utf8'), encodeValue });
}

function parsePageProperties(bytes: Uint8Array, options?: ParseOptions): PagePropertiesStore {
  const page = readPage(bytes, options?.filename);
  const text = textContent(page.content);
  return new PagePropertiesStore(page, bytes, propertiesOf(text, options?.filename, page.doc.lineAt(page.content.contentStart)));
}

function createPage(options: CreateOptions, emptyTitle: boolean): Page {
  const template = templatePage(options.template);
  if (!template) return readPage(Buffer.from(skeleton(options.language), 'utf8'), undefined);
  const emptied = [template.content, ...(emptyTitle && template.title ? [template.title] : [])];
  return readPage(encodeXml(translationPage(template, options.language, emptied), template.encoding, template.bom), undefined);
}

export const xwikiPagePropertiesFormat: TranslationFormat = {
  id: 'xwiki-page-properties',
  name: 'XWiki Page Properties',
  extensions: ['xml'],
  monolingual: true,
  mimeType: 'text/xml',
  parse: parsePageProperties,
  create(options: CreateOptions): ParsedStore {
    const page = createPage(options, false);
    return new PagePropertiesStore(page, null, propertiesOf('', undefined, 1));
  },
};

/** The two parts of a full page that are translated, in the order the reference lists them. */
const FULL_PAGE_KEYS = ['content', 'title'] as const;
type FullPageKey = (typeof FULL_PAGE_KEYS)[number];

function fullPageUnit(key: FullPageKey, value: string): FormatUnit {
  return { key, context: key, source: [value], target: [value], fuzzy: false, approved: false, note: '', comment: '', location: '', flags: '', previousSource: '', obsolete: false };
}

/** xwiki-fullpage: two units, the page's content and its title (each present when the page has text there). */
class FullPageStore extends XWikiPageStore {
  private readonly before: Record<FullPageKey, string>;
  private readonly values: Record<FullPageKey, string>;
  private list: FormatUnit[];

  constructor(page: Page, original: Uint8Array | null) {
    super(page, original);
    this.before = { content: textContent(page.content), title: page.title ? textContent(page.title) : '' };
    this.values = { ...this.before };
    this.list = this.build();
  }

  private build(): FormatUnit[] {
    return FULL_PAGE_KEYS.filter((key) => this.values[key] !== '').map((key) => fullPageUnit(key, this.values[key]));
  }

  get units(): readonly FormatUnit[] {
    return this.list;
  }

  private unitAt(index: number): FormatUnit {
    const unit = this.list[index];
    if (!unit) throw new RangeError(`no unit at index ${index}`);
    return unit;
  }

  updateUnit(index: number, change: UnitChange): void {
    const unit = this.unitAt(index);
    if (change.target === undefined) return;
    this.values[unit.key as FullPageKey] = change.target[0] ?? '';
    this.modified = true;
    this.list = this.build();
  }

  addUnit(unit: NewUnit): void {
    const key = (unit.key || unit.context || '') as FullPageKey;
    if (!FULL_PAGE_KEYS.includes(key)) throw new RangeError(`an XWiki full page has only the units "content" and "title", not "${key}"`);
    if (key === 'title' && !this.page.title) throw new RangeError('the page has no <title> element');
    this.values[key] = unit.target?.[0] ?? '';
    this.modified = true;
    this.list = this.build();
  }

  removeUnit(index: number): void {
    const unit = this.unitAt(index);
    this.values[unit.key as FullPageKey] = '';
    this.modified = true;
    this.list = this.build();
  }

  protected patch(patcher: TextPatcher): void {
    setElementText(patcher, this.page.text, this.page.content, this.before.content, this.values.content);
    if (this.page.title) setElementText(patcher, this.page.text, this.page.title, this.before.title, this.values.title);
  }
}

export const xwikiFullPageFormat: TranslationFormat = {
  id: 'xwiki-fullpage',
  name: 'XWiki Full Page',
  extensions: ['xml'],
  monolingual: true,
  mimeType: 'text/xml',
  parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => new FullPageStore(readPage(bytes, options?.filename), bytes),
  create: (options: CreateOptions): ParsedStore => new FullPageStore(createPage(options, true), null),
};
