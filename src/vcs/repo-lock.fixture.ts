// Test helper run as a separate process: holds a repository lock so that tests can see cross-process waiting.
// Usage: node --import tsx repo-lock.fixture.ts <repoPath> <holdMs>   (holdMs < 0: hold until killed)
import { RepositoryLock } from './repo-lock.js';

const [repoPath, holdArg] = process.argv.slice(2);
const holdMs = Number(holdArg ?? '1000');
const lock = new RepositoryLock({ timeoutMs: 30_000 });

await lock.run(repoPath, async () => {
  process.stdout.write('locked\n');
  await new Promise<void>((resolve) => {
    if (holdMs >= 0) setTimeout(resolve, holdMs);
    else setInterval(() => undefined, 60_000);
  });
});
process.stdout.write('released\n');
