import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Runs a benchmark's load generator (a script of bench/) in a process of its own, so the server's
 * figures are its own: the job goes as JSON in argv[2], and the one JSON line it prints comes back.
 */
export function runLoadProcess<T>(script: URL, job: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(script), JSON.stringify(job)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`${script.pathname} exited with ${code}`))));
  });
}
