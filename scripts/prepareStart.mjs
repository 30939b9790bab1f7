#!/usr/bin/env node
// What `npm start` does before the server starts, side by side on two cores: the web app's build, and the
// embedded database's template (initdb in WebAssembly and the migrations, ~6 s the first time), which a first
// start then copies instead of making (packages/server/src/db/embeddedTemplate.ts).
import { spawn } from 'node:child_process';

const steps = [
  ['npm', ['run', 'build', '-w', '@sunstack/web']],
  ['npm', ['run', 'embedded:prepare', '-w', '@sunstack/server']],
];
const codes = await Promise.all(
  steps.map(
    ([command, args]) => new Promise((resolve) => spawn(command, args, { stdio: 'inherit' }).on('close', (code) => resolve(code ?? 1))),
  ),
);
process.exit(codes.find((code) => code !== 0) ?? 0);
