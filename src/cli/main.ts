// `parla` subcommands: serve, worker, migrate, createadmin, changepassword, machinery, memory.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, ConfigError } from '../config.js';
import { createContainer } from '../container.js';
import { databaseOptions, openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { seedLanguages, seedTeams } from '../db/seed.js';
import { AppError } from '../shared/errors.js';
import { FormatParseError } from '../formats/format.js';
import { parseMemoryJson, parseTmx, tmxEntries, tmxFooter, tmxHeader } from '../services/memory/memory-files.js';
import { serve } from '../main.js';
import { runWorker } from '../tasks/worker-process.js';
import { SYSTEM_ACTOR } from '../services/memory/machinery.service.js';

const HELP = `Usage: parla <command> [options]

Commands:
  serve                         run the HTTP server (PARLA_HOST, PARLA_PORT)
  worker                        run background tasks from the Redis queue, no HTTP
                                (needs PARLA_REDIS_URL)
  migrate                       create or upgrade the database schema
  createadmin --username U --email E [--password P] [--full-name N]
                                create a superuser and print its API token
  changepassword --username U [--password P]
                                set a user's password (read from standard input without
                                --password) and end the user's browser sessions
  machinery list | set ENGINE --config JSON | unset ENGINE
                                site-wide machine translation settings (secrets masked
                                in the listing); engines: parla-translation-memory,
                                libretranslate, deepl, generic
  memory import FILE [--source-language L] [--target-language L] [--project SLUG]
                                add the entries of a TMX or JSON file to the translation
                                memory (shared, or the project's with --project)
  memory export [--format tmx|json] [--project SLUG]
                                write the translation memory to standard output
  help                          show this help

Configuration comes from PARLA_* environment variables (see README.md).`;

async function createAdmin(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { username: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' }, 'full-name': { type: 'string' } },
  });
  if (!values.username || !values.email) {
    console.error('createadmin: --username and --email are required');
    return 2;
  }
  const container = await createContainer(loadConfig());
  try {
    const { user, token } = await container.users.createAdmin({ username: values.username, email: values.email, password: values.password, fullName: values['full-name'] });
    console.error(`Created superuser ${user.username}. API token:`);
    console.log(token);
    return 0;
  } finally {
    await container.close();
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

async function changePassword(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { username: { type: 'string' }, password: { type: 'string' } } });
  if (!values.username) {
    console.error('changepassword: --username is required');
    return 2;
  }
  const password = values.password ?? (await readStdin());
  const container = await createContainer(loadConfig());
  try {
    const user = await container.users.findByUsername(container.database.db, values.username);
    if (!user) {
      console.error(`changepassword: no user "${values.username}"`);
      return 1;
    }
    await container.users.setPassword(user.id, password);
    console.error(`Changed the password of ${user.username}.`);
    return 0;
  } finally {
    await container.close();
  }
}

async function machinery(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: { config: { type: 'string' } }, allowPositionals: true });
  const [action, engine] = positionals;
  if (!(action === 'list' || ((action === 'set' || action === 'unset') && engine))) {
    console.error('machinery: use "list", "set ENGINE --config JSON" or "unset ENGINE"');
    return 2;
  }
  let config: unknown = {};
  if (action === 'set' && values.config !== undefined) {
    try {
      config = JSON.parse(values.config);
    } catch {
      console.error('machinery: --config is not valid JSON');
      return 2;
    }
  }
  const container = await createContainer(loadConfig());
  try {
    const { machinery: service } = container;
    if (action === 'list') {
      for (const s of await service.list(SYSTEM_ACTOR, null)) console.log(`${s.engine}\t${JSON.stringify(s.configuration)}`);
    } else if (action === 'set') {
      const saved = await service.setSiteWide(engine!, config);
      console.log(`${saved.engine}\t${JSON.stringify(saved.configuration)}`);
    } else {
      await service.remove(SYSTEM_ACTOR, null, engine!);
      console.error(`Removed the site-wide setting of ${engine}.`);
    }
    return 0;
  } finally {
    await container.close();
  }
}

async function runMigrate(): Promise<number> {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl, databaseOptions(config));
  try {
    const applied = await migrate(database);
    const seeded = await seedLanguages(database);
    const teams = await seedTeams(database);
    console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'No migrations to apply.');
    if (seeded) console.log(`Added ${seeded} built-in languages.`);
    if (teams) console.log(`Added ${teams} built-in roles and teams.`);
    return 0;
  } finally {
    await database.close();
  }
}

async function write(text: string): Promise<void> {
  if (!process.stdout.write(text)) await new Promise((resolve) => process.stdout.once('drain', resolve));
}

async function memoryCommand(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { 'source-language': { type: 'string' }, 'target-language': { type: 'string' }, project: { type: 'string' }, format: { type: 'string' } },
  });
  if (sub === 'import') {
    const file = positionals[0];
    if (!file || positionals.length !== 1) {
      console.error('memory import: exactly one FILE (.tmx or .json) is required');
      return 2;
    }
    const name = path.basename(file);
    const ext = path.extname(name).toLowerCase();
    if (ext !== '.tmx' && ext !== '.json') {
      console.error('memory import: the file must end with .tmx or .json');
      return 2;
    }
    const bytes = fs.readFileSync(file);
    const languages = { sourceLanguage: values['source-language'], targetLanguage: values['target-language'] };
    let entries;
    try {
      entries = ext === '.tmx' ? parseTmx(bytes, name, languages) : parseMemoryJson(bytes, languages);
    } catch (e) {
      if (e instanceof FormatParseError) {
        console.error(`memory import: could not parse ${name}: ${e.message}`);
        return 1;
      }
      throw e;
    }
    const container = await createContainer(loadConfig());
    try {
      const projectId = values.project ? await container.memory.projectBySlug(values.project) : null;
      const { added, skipped } = await container.memory.importEntries(entries, { projectId, origin: name.toLowerCase() });
      console.error(`Imported ${added} translation memory entries (${skipped} skipped: duplicates, unknown languages or empty strings).`);
      return 0;
    } finally {
      await container.close();
    }
  }
  if (sub === 'export') {
    const format = values.format ?? 'json';
    if (format !== 'json' && format !== 'tmx') {
      console.error('memory export: --format is tmx or json');
      return 2;
    }
    const container = await createContainer(loadConfig());
    try {
      const projectId = values.project ? await container.memory.projectBySlug(values.project) : null;
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
  console.error('memory: use "memory import FILE" or "memory export"');
  return 2;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'serve':
        await serve(loadConfig());
        return 0;
      case 'worker':
        await runWorker(loadConfig());
        return 0;
      case 'migrate':
        return await runMigrate();
      case 'createadmin':
        return await createAdmin(rest);
      case 'changepassword':
        return await changePassword(rest);
      case 'machinery':
        return await machinery(rest);
      case 'memory':
        return await memoryCommand(rest);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        console.log(HELP);
        return command === undefined ? 2 : 0;
      default:
        console.error(`parla: unknown command "${command}"\n\n${HELP}`);
        return 2;
    }
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`parla: configuration error: ${e.message}`);
      return 2;
    }
    if (e instanceof AppError) {
      console.error(`parla: ${e.message}${e.fieldErrors.length ? ` (${e.fieldErrors.map((f) => `${f.attr}: ${f.detail}`).join('; ')})` : ''}`);
      return 1;
    }
    throw e;
  }
}
