// Runs a command on a leash held by the parent: `node scripts/leash.mjs <command> [args…]`.
// When the parent's end of our stdin closes (the parent exited, even by SIGKILL, which runs no exit
// handler) the command's whole process group is stopped: SIGTERM, then SIGKILL after a grace time.
// Start this detached (it leads its own group) with stdin as a pipe; stopping the group stops both.
// Used by e2e/instances for processes that have no exit-with-parent switch of their own (next
// start, haproxy).
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/leash.mjs <command> [args…]');
  process.exit(2);
}

const GRACE_MS = 10_000;
// Same process group as ours: a signal to the group reaches the command and what it spawned.
const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
child.on('error', (error) => {
  console.error(`leash: cannot start ${command}: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

let stopping = false;
function stopGroup(signal) {
  if (stopping) return;
  stopping = true;
  try {
    process.kill(-process.pid, signal);
  } catch {
    child.kill(signal);
  }
  setTimeout(() => {
    try {
      process.kill(-process.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  }, GRACE_MS).unref();
}

// A signal sent to the group reaches the command by itself; we wait for it to exit.
process.on('SIGTERM', () => {});
process.on('SIGINT', () => {});
process.stdin.on('close', () => stopGroup('SIGTERM'));
process.stdin.resume();
