// Preloaded (`node --require`) into a command the bench times: its peak resident memory in KiB
// (every thread of the process) on stderr as it exits.
process.on('exit', () => process.stderr.write(`maxRSS ${process.resourceUsage().maxRSS}\n`));
