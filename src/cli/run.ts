// The work of `parla migrate`, `createadmin`, `changepassword`, `machinery` and `memory`, once their arguments are checked.
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { createContainer } from '../container.js';
import { databaseOptions, openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { seedAnonymousUser, seedLanguages, seedTeams } from '../db/seed.js';
import { FormatParseError } from '../formats/format.js';
import { tmxEntries, tmxFooter, tmxHeader } from '../services/memory/memory-files.js';
import { isMemoryFile, MEMORY_FILE_EXTENSIONS, parseMemoryFile } from '../services/memory/memory-file-import.js';
import { SYSTEM_ACTOR } from '../services/memory/machinery.service.js';
import { usageError } from './commands.js';
import { progress } from './progress.js';
import { checkPassword } from '../auth/password-policy.js';

export async function runMigrate(config: Config): Promise<number> {
  const database = openDatabase(config.databaseUrl, databaseOptions(config));
  try {
    const applied = await migrate(database);
    const seeded = await seedLanguages(database);
    const teams = await seedTeams(database);
    const anonymous = await seedAnonymousUser(database);
    console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'No migrations to apply.');
    if (seeded) console.log(`Added ${seeded} built-in languages.`);
    if (teams) console.log(`Added ${teams} built-in roles and teams.`);
    if (anonymous) console.log('Added the anonymous user.');
    return 0;
  } finally {
    await database.close();
  }
}

/** The password policy's refusal as one line for `command`, or null when the password is acceptable. */
function refusedPassword(command: string, password: string, account: { username: string; email: string; fullName?: string }): string | null {
  const problems = checkPassword(password, account);
  return problems.length ? `${command}: ${problems.map((p) => p.detail).join(' ')}` : null;
}

export async function createAdmin(config: Config, input: { username: string; email: string; password?: string; fullName?: string }): Promise<number> {
  const refused = input.password === undefined ? null : refusedPassword('createadmin', input.password, input);
  if (refused) {
    console.error(refused);
    return 1;
  }
  const container = await createContainer(config);
  try {
    const { user, token } = await container.users.createAdmin(input);
    console.error(`Created superuser ${user.username}. API token:`);
    console.log(token);
    return 0;
  } finally {
    await container.close();
  }
}

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

export async function changePassword(config: Config, username: string, password: string): Promise<number> {
  const container = await createContainer(config);
  try {
    const user = await container.users.findByUsername(container.database.db, username);
    if (!user) {
      console.error(`changepassword: no user "${username}"`);
      return 1;
    }
    const refused = refusedPassword('changepassword', password, { username: user.username, email: user.email, fullName: user.full_name });
    if (refused) {
      console.error(refused);
      return 1;
    }
    await container.users.setPassword(user.id, password);
    console.error(`Changed the password of ${user.username}.`);
    return 0;
  } finally {
    await container.close();
  }
}

export async function resetSecondFactors(config: Config, username: string): Promise<number> {
  const container = await createContainer(config);
  try {
    const user = await container.users.findByUsername(container.database.db, username);
    if (!user) {
      console.error(`reset2fa: no user "${username}"`);
      return 1;
    }
    const removed = await container.twoFactor.resetUser(user.id, 'parla reset2fa');
    console.error(removed ? `Removed the second factors of ${user.username}.` : `${user.username} has no second factor.`);
    return 0;
  } finally {
    await container.close();
  }
}

type MachineryAction = { action: 'list' } | { action: 'set'; engine: string; config: unknown } | { action: 'unset'; engine: string };

export async function machinery(config: Config, command: MachineryAction): Promise<number> {
  const container = await createContainer(config);
  try {
    const { machinery: service } = container;
    if (command.action === 'list') {
      for (const s of await service.list(SYSTEM_ACTOR, null)) console.log(`${s.engine}\t${JSON.stringify(s.configuration)}`);
    } else if (command.action === 'set') {
      const saved = await service.setSiteWide(command.engine, command.config);
      console.log(`${saved.engine}\t${JSON.stringify(saved.configuration)}`);
    } else {
      await service.remove(SYSTEM_ACTOR, null, command.engine);
      console.error(`Removed the site-wide setting of ${command.engine}.`);
    }
    return 0;
  } finally {
    await container.close();
  }
}

async function write(text: string): Promise<void> {
  if (!process.stdout.write(text)) await new Promise((resolve) => process.stdout.once('drain', resolve));
}

/** The file is parsed before the configuration is read: a file that cannot be imported touches no database. */
export async function memoryImport(
  loadConfig: () => Config,
  file: string,
  options: { sourceLanguage?: string; targetLanguage?: string; project?: string },
): Promise<number> {
  const name = path.basename(file);
  if (!isMemoryFile(name)) return usageError('memory import', `the file must end with ${MEMORY_FILE_EXTENSIONS.join(', ')}`);
  const bytes = fs.readFileSync(file);
  const languages = { sourceLanguage: options.sourceLanguage, targetLanguage: options.targetLanguage };
  let entries;
  try {
    entries = parseMemoryFile(bytes, name, languages);
  } catch (e) {
    if (e instanceof FormatParseError) {
      console.error(`memory import: could not parse ${name}: ${e.message}`);
      return 1;
    }
    throw e;
  }
  const container = await createContainer(loadConfig());
  const bar = progress((done, total) => `imported ${done} of ${total} entries`);
  try {
    const projectId = options.project ? await container.memory.projectBySlug(options.project) : null;
    const { added, skipped } = await container.memory.importEntries(entries, { projectId, origin: name.toLowerCase(), onProgress: (done, total) => bar.update(done, total) });
    bar.end();
    console.error(`Imported ${added} translation memory entries (${skipped} skipped: duplicates, unknown languages or empty strings).`);
    return 0;
  } finally {
    bar.end();
    await container.close();
  }
}

export async function memoryExport(config: Config, format: 'json' | 'tmx', project: string | undefined): Promise<number> {
  const container = await createContainer(config);
  try {
    const projectId = project ? await container.memory.projectBySlug(project) : null;
    let first = true;
    await write(format === 'tmx' ? tmxHeader() : '[');
    for await (const page of container.memory.exportEntries({ projectId })) {
      if (format === 'tmx') await write(tmxEntries(page));
      else {
        await write(page.map((e, i) => `${first && i === 0 ? '\n' : ',\n'}  ${JSON.stringify(e)}`).join(''));
        first = false;
      }
    }
    await write(format === 'tmx' ? tmxFooter() : first ? ']\n' : '\n]\n');
    return 0;
  } finally {
    await container.close();
  }
}
