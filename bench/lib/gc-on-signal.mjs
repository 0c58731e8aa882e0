// Preloaded into a benchmarked server started with --expose-gc: SIGUSR2 collects garbage, so a
// bench reads the heap the server retains.
process.on('SIGUSR2', () => globalThis.gc?.());
