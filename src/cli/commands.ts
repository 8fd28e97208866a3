// The `parla` commands as data: usage, one line of what each does, options; the work itself is imported only when run.
import type { Config } from '../config.js';

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** The value's placeholder in the help (string options). */
  value?: string;
  description: string;
}

export interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

export interface CommandSpec {
  /** "createadmin", or "memory import" for a subcommand. */
  name: string;
  /** What follows `parla <name>` in the usage line. */
  args: string;
  summary: string;
  /** More lines of the command's help, after the summary. */
  notes?: string[];
  options: Record<string, OptionSpec>;
  /** How many positional arguments the command takes. */
  positionals: { min: number; max: number };
  /** Does the work; the modules it needs are imported here so that `--help` loads nothing. */
  run: (parsed: Parsed, loadConfig: () => Config) => Promise<number>;
}

export interface CommandGroup {
  name: string;
  summary: string;
  subcommands: CommandSpec[];
}

const ENVIRONMENT = 'Configuration comes from PARLA_* environment variables (docs/configuration.md).';

export const COMMANDS: (CommandSpec | CommandGroup)[] = [
  {
    name: 'serve',
    args: '',
    summary: 'Run the HTTP server (the web UI and the API).',
    notes: ['Listens on PARLA_HOST:PARLA_PORT (127.0.0.1:8000); creates or upgrades the database schema first.', ENVIRONMENT],
    options: {},
    positionals: { min: 0, max: 0 },
    run: async (_parsed, loadConfig) => {
      const { serve } = await import('../main.js');
      await serve(loadConfig());
      return 0;
    },
  },
  {
    name: 'worker',
    args: '',
    summary: 'Run background tasks from the Redis queue, without HTTP (needs PARLA_REDIS_URL).',
    notes: ['Runs until SIGTERM or SIGINT, then finishes the running tasks.', ENVIRONMENT],
    options: {},
    positionals: { min: 0, max: 0 },
    run: async (_parsed, loadConfig) => {
      const { runWorker } = await import('../tasks/worker-process.js');
      await runWorker(loadConfig());
      return 0;
    },
  },
  {
    name: 'migrate',
    args: '',
    summary: 'Create or upgrade the database schema and add the built-in languages, roles and teams.',
    notes: [ENVIRONMENT],
    options: {},
    positionals: { min: 0, max: 0 },
    run: async (_parsed, loadConfig) => (await import('./run.js')).runMigrate(loadConfig()),
  },
  {
    name: 'createadmin',
    args: '--username U --email E [--password P] [--full-name N]',
    summary: 'Create a superuser and print its API token.',
    notes: ['Without --password the user has no password (only the API token) until `parla changepassword`.'],
    options: {
      username: { type: 'string', value: 'U', description: 'the new user name (required)' },
      email: { type: 'string', value: 'E', description: 'the e-mail address (required)' },
      password: { type: 'string', value: 'P', description: 'the password' },
      'full-name': { type: 'string', value: 'N', description: 'the full name shown in the UI' },
    },
    positionals: { min: 0, max: 0 },
    run: async ({ values }, loadConfig) => {
      if (!values.username || !values.email) return usageError('createadmin', '--username and --email are required');
      return (await import('./run.js')).createAdmin(loadConfig(), {
        username: values.username as string,
        email: values.email as string,
        password: values.password as string | undefined,
        fullName: values['full-name'] as string | undefined,
      });
    },
  },
  {
    name: 'changepassword',
    args: '--username U [--password P]',
    summary: "Set a user's password and end the user's browser sessions.",
    notes: ['Without --password the password is read from standard input (one line).'],
    options: {
      username: { type: 'string', value: 'U', description: 'the user name (required)' },
      password: { type: 'string', value: 'P', description: 'the new password' },
    },
    positionals: { min: 0, max: 0 },
    run: async ({ values }, loadConfig) => {
      if (!values.username) return usageError('changepassword', '--username is required');
      const run = await import('./run.js');
      const password = (values.password as string | undefined) ?? (await run.readStdin());
      return run.changePassword(loadConfig(), values.username as string, password);
    },
  },
  {
    name: 'reset2fa',
    args: '--username U',
    summary: "Remove a user's second factors (authenticator app, security keys, recovery codes).",
    notes: ['For someone who lost their second factor and their recovery codes: the password alone signs in again, and the audit log records it.'],
    options: {
      username: { type: 'string', value: 'U', description: 'the user name (required)' },
    },
    positionals: { min: 0, max: 0 },
    run: async ({ values }, loadConfig) => {
      if (!values.username) return usageError('reset2fa', '--username is required');
      const run = await import('./run.js');
      return run.resetSecondFactors(loadConfig(), values.username as string);
    },
  },
  {
    name: 'machinery',
    summary: 'Site-wide machine translation settings.',
    subcommands: [
      {
        name: 'machinery list',
        args: '',
        summary: 'List the site-wide machine translation settings (secrets masked).',
        options: {},
        positionals: { min: 0, max: 0 },
        run: async (_parsed, loadConfig) => (await import('./run.js')).machinery(loadConfig(), { action: 'list' }),
      },
      {
        name: 'machinery set',
        args: 'ENGINE [--config JSON]',
        summary: 'Set the site-wide configuration of a machine translation engine.',
        notes: ['Engines: parla-translation-memory, libretranslate, deepl, generic.'],
        options: { config: { type: 'string', value: 'JSON', description: "the engine's configuration as a JSON object (default {})" } },
        positionals: { min: 1, max: 1 },
        run: async ({ values, positionals }, loadConfig) => {
          let config: unknown = {};
          if (values.config !== undefined) {
            try {
              config = JSON.parse(values.config as string);
            } catch {
              return usageError('machinery set', '--config is not valid JSON');
            }
          }
          return (await import('./run.js')).machinery(loadConfig(), { action: 'set', engine: positionals[0], config });
        },
      },
      {
        name: 'machinery unset',
        args: 'ENGINE',
        summary: 'Remove the site-wide setting of a machine translation engine.',
        options: {},
        positionals: { min: 1, max: 1 },
        run: async ({ positionals }, loadConfig) => (await import('./run.js')).machinery(loadConfig(), { action: 'unset', engine: positionals[0] }),
      },
    ],
  },
  {
    name: 'memory',
    summary: 'Import into or export the translation memory.',
    subcommands: [
      {
        name: 'memory import',
        args: 'FILE [--source-language L] [--target-language L] [--project SLUG]',
        summary: 'Add the entries of a TMX, JSON or gettext PO file (.tmx, .json, .po) to the translation memory.',
        notes: [
          'A PO file gives its translated entries; its target language is the Language header (or --target-language), its source language English (or --source-language).',
          'Progress goes to standard error: a bar on a terminal, a line per thousand entries in a pipe ("imported 1000 of 5000 entries").',
        ],
        options: {
          'source-language': { type: 'string', value: 'L', description: "the source language (TMX: instead of the header's srclang; JSON: of entries without one, and skips others)" },
          'target-language': { type: 'string', value: 'L', description: 'import only translations into L (JSON: also the language of entries without one)' },
          project: { type: 'string', value: 'SLUG', description: "add to this project's memory instead of the shared one" },
        },
        positionals: { min: 1, max: 1 },
        run: async ({ values, positionals }, loadConfig) =>
          (await import('./run.js')).memoryImport(loadConfig, positionals[0], {
            sourceLanguage: values['source-language'] as string | undefined,
            targetLanguage: values['target-language'] as string | undefined,
            project: values.project as string | undefined,
          }),
      },
      {
        name: 'memory export',
        args: '[--format tmx|json] [--project SLUG]',
        summary: 'Write the translation memory to standard output.',
        options: {
          format: { type: 'string', value: 'tmx|json', description: 'the output format (default json)' },
          project: { type: 'string', value: 'SLUG', description: "export this project's memory instead of the shared one" },
        },
        positionals: { min: 0, max: 0 },
        run: async ({ values }, loadConfig) => {
          const format = (values.format as string | undefined) ?? 'json';
          if (format !== 'json' && format !== 'tmx') return usageError('memory export', '--format is tmx or json');
          return (await import('./run.js')).memoryExport(loadConfig(), format, values.project as string | undefined);
        },
      },
    ],
  },
];

/** A wrong use of a command: one line on standard error, exit code 2. */
export function usageError(command: string, message: string): number {
  console.error(`parla: ${message} for '${command}' (see parla ${command} --help)`);
  return 2;
}

export const HELP_OPTION: OptionSpec = { type: 'boolean', short: 'h', description: 'show this help' };

/** `parla <command> --help`: the usage line, what the command does, its options. */
export function commandHelp(spec: CommandSpec | CommandGroup): string {
  if ('subcommands' in spec) {
    const lines = [`Usage: parla ${spec.name} <${spec.subcommands.map((s) => s.name.split(' ')[1]).join('|')}> [options]`, '', spec.summary, '', 'Commands:'];
    for (const s of spec.subcommands) lines.push(`  parla ${[s.name, s.args].filter(Boolean).join(' ')}`, `      ${s.summary}`);
    lines.push('', `Run \`parla ${spec.name} <command> --help\` for a command's options.`);
    return lines.join('\n');
  }
  const options: [string, string][] = Object.entries({ ...spec.options, help: HELP_OPTION }).map(([name, o]) => [
    `${o.short ? `-${o.short}, ` : ''}--${name}${o.value ? ` ${o.value}` : ''}`,
    o.description,
  ]);
  const width = Math.max(...options.map(([flag]) => flag.length)) + 2;
  return [
    `Usage: parla ${[spec.name, spec.args].filter(Boolean).join(' ')}`,
    '',
    spec.summary,
    ...(spec.notes ?? []),
    '',
    'Options:',
    ...options.map(([flag, text]) => `  ${flag.padEnd(width)}${text}`),
  ].join('\n');
}

/** `parla --help`: every command with its one line. */
export function overviewHelp(): string {
  const rows: [string, string][] = [];
  for (const c of COMMANDS) {
    if ('subcommands' in c) for (const s of c.subcommands) rows.push([[s.name, s.args].filter(Boolean).join(' '), s.summary]);
    else rows.push([[c.name, c.args].filter(Boolean).join(' '), c.summary]);
  }
  rows.push(['help [COMMAND]', "Show this help, or a command's."]);
  return [
    'Usage: parla <command> [options]',
    '',
    'Commands:',
    ...rows.map(([usage, summary]) => `  ${usage}\n      ${summary}`),
    '',
    "Run `parla <command> --help` for a command's options.",
    ENVIRONMENT,
    'PARLA_DEBUG=1 prints the full error (with its stack trace) when a command fails.',
  ].join('\n');
}
