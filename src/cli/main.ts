// `parla` subcommands: serve, migrate, createadmin, changepassword.
import { parseArgs } from 'node:util';
import { loadConfig, ConfigError } from '../config.js';
import { createContainer } from '../container.js';
import { openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { seedLanguages, seedTeams } from '../db/seed.js';
import { AppError } from '../shared/errors.js';
import { serve } from '../main.js';

const HELP = `Usage: parla <command> [options]

Commands:
  serve                         run the HTTP server (PARLA_HOST, PARLA_PORT)
  migrate                       create or upgrade the database schema
  createadmin --username U --email E [--password P] [--full-name N]
                                create a superuser and print its API token
  changepassword --username U [--password P]
                                set a user's password (read from standard input without
                                --password) and end the user's browser sessions
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

async function runMigrate(): Promise<number> {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
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

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'serve':
        await serve(loadConfig());
        return 0;
      case 'migrate':
        return await runMigrate();
      case 'createadmin':
        return await createAdmin(rest);
      case 'changepassword':
        return await changePassword(rest);
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
