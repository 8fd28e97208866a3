// weblate.gettext.msgmerge: after a repository update, merges the POT template into every PO file with msgmerge.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { boolOption, configObject, ConfigErrors, rejectUnknown } from './config.js';
import { componentDir, inside, requireComponent, translationFiles } from './support.js';
import type { AddonDefinition, AddonEventContext } from './types.js';

export interface MsgmergeConfig {
  /** Fuzzy matching of new strings against old ones. */
  fuzzy: boolean;
  /** Keep the previous msgid of fuzzy matches (#| comments). */
  previous: boolean;
}

function msgmerge(args: string[]): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile('msgmerge', args, { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8' }, maxBuffer: 16 * 1024 * 1024 }, (error, _out, stderr) =>
      error ? reject(new Error(`msgmerge: ${String(stderr).trim() || error.message}`)) : resolve(),
    ),
  );
}

/** The base for new translations (usually a POT file) the PO files are merged with; '' when the component has none. */
const potOf = (refs: { component: { new_base: string } }): string => refs.component.new_base;

async function merge(ctx: AddonEventContext<MsgmergeConfig>): Promise<void> {
  const refs = requireComponent(ctx);
  const dir = componentDir(ctx);
  const pot = potOf(refs);
  const template = pot ? inside(dir, pot) : null;
  // Installable on any PO component: without a base file there is nothing to merge yet.
  if (!template || !(await fs.stat(template).catch(() => null))) {
    ctx.log.info(`Skipped: no template for new translations${pot ? ` (${pot} not found)` : ''}.`);
    return;
  }
  for (const file of await translationFiles(ctx, { all: true })) {
    const po = inside(dir, file.translation.filename);
    if (!po) continue;
    const before = await fs.readFile(po).catch(() => null);
    if (!before) continue;
    const args = ['--quiet', '--update', '--backup=none', ...(ctx.addon.configuration.previous ? ['--previous'] : []), ...(ctx.addon.configuration.fuzzy ? [] : ['--no-fuzzy-matching']), '--', po, template];
    await msgmerge(args);
    const after = await fs.readFile(po);
    if (!after.equals(before)) {
      ctx.stage(file.translation.filename);
      ctx.log.info(`Updated ${file.translation.filename}`);
    }
  }
}

export const msgmergeAddon: AddonDefinition<MsgmergeConfig> = {
  name: 'weblate.gettext.msgmerge',
  verbose: 'Update PO files to match POT (msgmerge)',
  description: 'Updates all PO files to match the POT file using msgmerge, after changes from the repository.',
  events: ['post-update'],
  scope: ['component', 'project'],
  multiple: false,
  incompatible: (refs) => (refs.component.file_format === 'po' ? null : 'Only gettext PO components can be merged with msgmerge.'),
  validate(raw) {
    const obj = configObject(raw);
    const errors = new ConfigErrors();
    rejectUnknown(obj, ['fuzzy', 'previous'], errors);
    const config = { fuzzy: boolOption(obj, 'fuzzy', true, errors), previous: boolOption(obj, 'previous', true, errors) };
    errors.throwIfAny();
    return config;
  },
  handlers: { 'post-update': merge },
};
