// Preloaded (`node --require`) into a command the bench times: its peak resident memory in KiB
// (every thread of the process) on stderr as it exits — also when the bench stops it (SIGTERM).
const report = () => process.stderr.write(`maxRSS ${process.resourceUsage().maxRSS}\n`);
process.on('exit', report);
process.on('SIGTERM', () => {
  process.removeListener('exit', report);
  report();
  process.exit(143);
});
