#!/usr/bin/env node
import { connectionSecrets } from '@guided-retrieval/profiler/secrets';
import { watchLaunchers } from './launchers.js';
import { guardOutput } from './output-guard.js';
import { main } from './program.js';

const argv = process.argv.slice(2);
guardOutput(connectionSecrets(argv));
// Under npx or pnpm, the process the user started may end, or be signalled, without passing the signal on: stop as on SIGTERM.
watchLaunchers((reason) => {
  process.stderr.write(`guided: stopping: ${reason}\n`);
  process.kill(process.pid, 'SIGTERM');
});
process.exitCode = await main(argv);
