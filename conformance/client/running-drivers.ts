import type { ChildProcess } from 'node:child_process';

/**
 * Drivers still running. Each runs in its own process group (so restarts take down npx and shell
 * children too), which also means a Ctrl-C at the terminal does not reach it: whatever is left when this
 * process exits is killed here.
 */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Keeps a started driver in the set until it closes, so it is killed if this process exits first. */
export function trackDriver(child: ChildProcess): void {
  running.add(child);
  child.once('close', () => running.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', killRunningDrivers);
}

/** Kills every driver this process started and has not stopped yet (their whole process groups). */
export function killRunningDrivers(): void {
  for (const child of running) killGroup(child);
}

/** Kills a driver and its process group (npx or a shell and their children), unless it has already ended. */
export function killGroup(child: ChildProcess): void {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}
