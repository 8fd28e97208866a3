// weblate.gettext.linguas: keeps the LINGUAS file next to the PO files listing every translated language.
import fs from 'node:fs/promises';
import path from 'node:path';
import { noConfiguration } from './config.js';
import { componentDir, inside, requireComponent, translationFiles, writeStaged } from './support.js';
import type { AddonDefinition, AddonEventContext } from './types.js';

/** LINGUAS content with `codes` added: comments and the existing codes stay, the one-line style is kept. */
export function updateLinguas(existing: string, codes: readonly string[]): string {
  const lines = existing.split('\n');
  if (lines.length && lines[lines.length - 1] === '') lines.pop();
  const present = new Set(lines.filter((l) => !l.trim().startsWith('#')).flatMap((l) => l.trim().split(/\s+/).filter(Boolean)));
  const missing = [...new Set(codes)].filter((c) => !present.has(c)).sort();
  if (missing.length === 0 && existing !== '') return existing;
  const content = lines.filter((l) => !l.trim().startsWith('#') && l.trim() !== '');
  // One line with several codes: the file uses the space-separated style.
  if (content.length === 1 && content[0]!.trim().includes(' ')) {
    const i = lines.indexOf(content[0]!);
    lines[i] = [...content[0]!.trim().split(/\s+/), ...missing].join(' ');
    return lines.join('\n') + '\n';
  }
  return [...lines, ...missing].join('\n') + '\n';
}

/** LINGUAS lives in the directory of the translation files (the filemask's directory). */
export function linguasPath(filemask: string): string {
  const dir = path.posix.dirname(filemask.replace(/\*/g, 'x'));
  return dir === '.' ? 'LINGUAS' : `${dir}/LINGUAS`;
}

async function sync(ctx: AddonEventContext<Record<string, never>>): Promise<void> {
  const refs = requireComponent(ctx);
  const rel = linguasPath(refs.component.filemask);
  const full = inside(componentDir(ctx), rel);
  if (!full) return;
  const existing = await fs.readFile(full, 'utf8').catch(() => '');
  const codes = (await translationFiles(ctx, { all: true })).map((f) => f.language.code);
  const updated = updateLinguas(existing, codes);
  if (await writeStaged(ctx, rel, updated)) ctx.log.info(`Updated ${rel}`);
}

export const linguasAddon: AddonDefinition<Record<string, never>> = {
  name: 'weblate.gettext.linguas',
  verbose: 'Update LINGUAS file',
  description: 'Updates the LINGUAS file when a new translation is added.',
  events: ['post-add', 'pre-commit'],
  scope: ['component', 'project'],
  multiple: false,
  incompatible: (refs) => (refs.component.file_format === 'po' || refs.component.file_format === 'po-mono' ? null : 'Only gettext PO components have a LINGUAS file.'),
  validate: noConfiguration,
  handlers: { 'post-add': sync, 'pre-commit': sync },
};
