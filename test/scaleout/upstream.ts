// The upstream repository of the crash and concurrency suites: a bare git remote holding po/app.pot and po/cs.po.
import fs from 'node:fs';
import path from 'node:path';
import { git } from '../helpers/processes.js';

export const msgid = (i: number) => `String number ${i}`;
/** The string number of a unit, read back from its source. */
export const stringNumber = (source: string) => Number(/(\d+)$/.exec(source)![1]);

/** A PO file with strings 1…n; `targets` returns null to leave a string out. */
export function poFile(n: number, language: string | null, targets: (i: number) => string | null): string {
  const header = `msgid ""\nmsgstr ""\n${language ? `"Language: ${language}\\n"\n` : ''}"Content-Type: text/plain; charset=UTF-8\\n"\n${language ? '"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"\n' : ''}`;
  const entries: string[] = [];
  for (let i = 1; i <= n; i++) {
    const target = targets(i);
    if (target !== null) entries.push(`\nmsgid "${msgid(i)}"\nmsgstr "${target}"\n`);
  }
  return header + entries.join('');
}

/** Creates `<root>/upstream.git` with n untranslated strings on branch main; returns its path. */
export function createUpstream(root: string, n: number): string {
  const bare = path.join(root, 'upstream.git');
  const work = path.join(root, 'work');
  git(root, 'init', '--quiet', '--bare', '--initial-branch=main', bare);
  git(root, 'clone', '--quiet', bare, work);
  fs.mkdirSync(path.join(work, 'po'));
  fs.writeFileSync(path.join(work, 'po/app.pot'), poFile(n, null, () => ''));
  fs.writeFileSync(path.join(work, 'po/cs.po'), poFile(n, 'cs', () => ''));
  git(work, 'checkout', '--quiet', '-b', 'main');
  git(work, 'add', '.');
  git(work, 'commit', '--quiet', '-m', 'Initial strings');
  git(work, 'push', '--quiet', 'origin', 'main');
  return bare;
}
