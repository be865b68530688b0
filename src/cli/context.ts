/** What every command gets from its caller (the bin, or a test): where it writes text, finds tfjs's wasm files and runs. */
export interface CliContext {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  /** Folder of tfjs-backend-wasm's .wasm files. */
  wasmDir: string;
  /** The working folder, read once at the start (process.cwd by default): relative paths are resolved against it. */
  cwd?: () => string;
  /** The script a worker thread starts to share `evaluate`'s retrieval pass (the bin); without it, one thread. */
  threadEntry?: string;
  /** stderr is a terminal: the progress line is rewritten in place (else a line per tenth done). */
  stderrTty?: boolean;
  /** The clock of the progress line, in ms (performance.now by default). */
  now?: () => number;
}
