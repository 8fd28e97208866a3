// `parla <command>`: finds the command, checks its options (strictly), prints help, and turns failures into one line.
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../config.js';
import { COMMANDS, HELP_OPTION, commandHelp, overviewHelp, usageError, type CommandGroup, type CommandSpec, type Parsed } from './commands.js';
import { fatalMessage } from './fatal.js';

export interface MainOptions {
  /** Print the whole error, stack trace included, when a command fails (PARLA_DEBUG). */
  debug?: boolean;
}

const isHelp = (arg: string) => arg === '--help' || arg === '-h';

/** The command `args` name, and the arguments left for it; a group without a known subcommand comes back as the group. */
function findCommand(args: string[]): { spec: CommandSpec | CommandGroup; rest: string[] } | null {
  const spec = COMMANDS.find((c) => c.name === args[0]);
  if (!spec) return null;
  if (!('subcommands' in spec)) return { spec, rest: args.slice(1) };
  const sub = spec.subcommands.find((s) => s.name === `${spec.name} ${args[1]}`);
  return sub ? { spec: sub, rest: args.slice(2) } : { spec, rest: args.slice(1) };
}

function parse(spec: CommandSpec, args: string[]): Parsed | number {
  const options = Object.fromEntries(Object.entries({ ...spec.options, help: HELP_OPTION }).map(([name, o]) => [name, { type: o.type, ...(o.short ? { short: o.short } : {}) }]));
  let parsed: Parsed;
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (e) {
    // `--help` wins over a mistake next to it.
    if (args.some(isHelp)) return help(spec);
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const option = /'([^']+)'/.exec((e as Error).message)?.[1] ?? '';
      return usageError(spec.name, `unknown option ${option}`);
    }
    const option = /'(--?[\w-]+)/.exec((e as Error).message)?.[1];
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) {
      const dash = (e as Error).message.includes('ambiguous') ? ` (write ${option}=VALUE for a value that starts with "-")` : '';
      return usageError(spec.name, `option ${option} needs a value${dash}`);
    }
    return usageError(spec.name, (e as Error).message.split('\n')[0].replace(/\.$/, ''));
  }
  if (parsed.values.help) return help(spec);
  const { min, max } = spec.positionals;
  if (parsed.positionals.length > max) return usageError(spec.name, `unexpected argument "${parsed.positionals[max]}"`);
  if (parsed.positionals.length < min) return usageError(spec.name, `missing ${spec.args.split(' ')[parsed.positionals.length]}`);
  return parsed;
}

function help(spec: CommandSpec | CommandGroup): number {
  console.log(commandHelp(spec));
  return 0;
}

export async function main(argv: string[], options: MainOptions = {}): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) {
    console.log(overviewHelp());
    return 2;
  }
  if (isHelp(command) || command === 'help') {
    if (rest.length === 0 || isHelp(rest[0])) {
      console.log(overviewHelp());
      return 0;
    }
    const found = findCommand(rest);
    if (!found) return unknownCommand(rest[0]);
    return help(found.spec);
  }
  const found = findCommand(argv);
  if (!found) return unknownCommand(command);
  const { spec, rest: args } = found;
  if ('subcommands' in spec) {
    if (args.length === 0 || isHelp(args[0])) {
      if (args.length === 0) return usageError(spec.name, `a command is needed (${spec.subcommands.map((s) => s.name.split(' ')[1]).join(', ')})`);
      return help(spec);
    }
    return usageError(spec.name, `unknown command '${args[0]}'`);
  }
  const parsed = parse(spec, args);
  if (typeof parsed === 'number') return parsed;
  // The configuration is read once, by the command, when it needs it; a failure reading it is reported like any other.
  let config: Config | null = null;
  const load = () => (config = loadConfig());
  try {
    return await spec.run(parsed, load);
  } catch (e) {
    console.error(fatalMessage(e, config));
    if (options.debug) console.error(e);
    return 1;
  }
}

function unknownCommand(command: string): number {
  console.error(`parla: unknown command '${command}' (see parla --help)`);
  return 2;
}
