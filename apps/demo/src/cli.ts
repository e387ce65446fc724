#!/usr/bin/env node
import { connectionSecrets } from '@guided-retrieval/profiler/secrets';
import { guardOutput } from './output-guard.js';
import { main } from './program.js';

const argv = process.argv.slice(2);
guardOutput(connectionSecrets(argv));
process.exitCode = await main(argv);
