/**
 * Loaded into the app's process by the bench (`--import`, with `--expose-gc`): on the parent's
 * `bench:memory` message it collects garbage and answers `process.memoryUsage()`, so the push scenario
 * can tell the server's memory per connected client. Nothing else: the app runs as in production.
 */
const collect = (globalThis as { gc?: () => void }).gc;

if (process.send) {
  process.on('message', (message) => {
    if (message !== 'bench:memory') return;
    collect?.();
    collect?.();
    process.send?.({ type: 'bench:memory', collected: Boolean(collect), ...process.memoryUsage() });
  });
  // the channel alone does not keep the app alive
  process.channel?.unref();
}

export {};
