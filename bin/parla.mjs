#!/usr/bin/env node
// The `parla` command: loads the TypeScript sources through tsx and runs the CLI.
import { register } from 'tsx/esm/api';

register();
// `parla memory export | head`: the reader has all it wants; stop without an unhandled-error trace.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});
const { main } = await import('../src/cli/main.ts');
const code = await main(process.argv.slice(2), { debug: /^(1|true|yes|on)$/i.test(process.env.PARLA_DEBUG ?? '') });
// A command that failed exits now, whatever timers or sockets its failed start left behind; `serve` and `worker`
// return 0 while they keep running.
if (code !== 0) process.exit(code);
