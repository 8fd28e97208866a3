// Filemask matching: the first "*" of a component's filemask stands for the language code.
import { ValidationError } from '../shared/errors.js';

export interface MaskMatch {
  path: string;
  code: string;
}

function escapeRegex(s: string): string {
  return s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A file mask names one file per language with `*` for the language code; a format that keeps every
 * language in one file (`sharedFile`, Apple String Catalogs) names that file instead, without `*`.
 */
export function checkFilemask(filemask: string, sharedFile = false): void {
  if (sharedFile && filemask.includes('*')) throw ValidationError.field('filemask', 'This format keeps every language in one file: the file mask names that file, without *.');
  if (!sharedFile && !filemask.includes('*')) throw ValidationError.field('filemask', 'File mask does not contain * as a language placeholder!');
  if (filemask.startsWith('/') || filemask.split('/').includes('..')) throw ValidationError.field('filemask', 'File mask must be a relative path inside the repository.');
}

export function filemaskRegex(filemask: string): RegExp {
  const parts = filemask.split('*');
  const body = parts.map(escapeRegex).map((p, i) => (i === 0 ? p : (i === 1 ? '([^/]+)' : '[^/]*') + p)).join('');
  return new RegExp(`^${body}$`);
}

export function matchFilemask(files: readonly string[], filemask: string): MaskMatch[] {
  const re = filemaskRegex(filemask);
  const out: MaskMatch[] = [];
  for (const file of files) {
    const m = re.exec(file);
    if (m && m[1] && !m[1].startsWith('.')) out.push({ path: file, code: m[1] });
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The file of language `code`: the mask with its `*` replaced (a mask without `*` is everyone's one file). */
export function filenameFor(filemask: string, code: string): string {
  return filemask.replace('*', code);
}
