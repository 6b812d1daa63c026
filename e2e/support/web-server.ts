/**
 * Runs one of the run's test servers (playwright.config.ts's webServer: `node --import tsx
 * e2e/support/web-server.ts npm run serve:nginx`) after writing down the process group Playwright
 * started it in, so that a runner killed outright, which stops none of its servers, leaves them to
 * the next run, whose configuration stops them before it starts its own on the same ports
 * (process-groups.ts). The record is forgotten once the server has exited.
 */
import { spawn } from 'node:child_process';
import { recordWebServer } from './process-groups';

const [command, ...args] = process.argv.slice(2);
if (!command) throw new Error('usage: web-server.ts <command> [arguments]');
const forget = recordWebServer(`${command} ${args.join(' ')}`);
// In this process's group, which Playwright signals whole: the server hears the signal itself.
const server = spawn(command, args, { stdio: 'inherit' });
// This process waits for the server to finish whatever stops it, and then ends as it did.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => undefined);
server.on('exit', (code, signal) => {
  forget();
  process.exit(code ?? (signal ? 1 : 0));
});
