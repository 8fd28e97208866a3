// The files of a checkout: relative paths with "/" separators, without .git, symbolic links not followed.
import fs from 'node:fs/promises';
import path from 'node:path';

/** Lists the regular files under `root` (at most `max`, in directory order), skipping `.git`; links could lead outside, so they are not followed. */
export async function listRepositoryFiles(root: string, max = Number.POSITIVE_INFINITY): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    for (const entry of await fs.readdir(path.join(root, rel), { withFileTypes: true })) {
      if (out.length >= max) return;
      if (entry.name === '.git') continue;
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) out.push(child);
    }
  };
  await walk('');
  return out;
}
