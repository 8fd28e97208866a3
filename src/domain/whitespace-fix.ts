// The automatic whitespace fix of translations: a translation starts and ends with the whitespace its
// source starts and ends with (a final newline most often), whatever the translator typed around it.

export interface WhitespaceFixOptions {
  /** Leave the start as typed (the ignore-begin-space flag). */
  ignoreBegin?: boolean;
  /** Leave the end as typed (the ignore-end-space flag). */
  ignoreEnd?: boolean;
}

const SPACE = /\s/u;

function leadingLength(text: string): number {
  let i = 0;
  while (i < text.length && SPACE.test(text[i]!)) i++;
  return i;
}

function trailingStart(text: string, from: number): number {
  let i = text.length;
  while (i > from && SPACE.test(text[i - 1]!)) i--;
  return i;
}

/**
 * One form: the target's text between the source's leading and trailing whitespace (the source's
 * line ends normalized to \n). A blank target stays as it is.
 */
export function fixFormWhitespace(target: string, source: string, options: WhitespaceFixOptions = {}): string {
  const src = source.replace(/\r\n|\r/g, '\n');
  const headEnd = options.ignoreBegin ? 0 : leadingLength(src);
  const tailStart = options.ignoreEnd ? src.length : trailingStart(src, headEnd);
  const start = options.ignoreBegin ? 0 : leadingLength(target);
  const end = options.ignoreEnd ? target.length : trailingStart(target, start);
  const text = target.slice(start, end);
  if (text === '') return target;
  return src.slice(0, headEnd) + text + src.slice(tailStart);
}

/** Every form of a target against the source form it translates: forms beyond the source's use its last. */
export function fixTargetWhitespace(target: readonly string[], source: readonly string[], options: WhitespaceFixOptions = {}): string[] {
  return target.map((form, i) => fixFormWhitespace(form, source[Math.min(i, source.length - 1)] ?? '', options));
}
