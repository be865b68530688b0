/**
 * The CLI's exit codes and the error that carries one. Scripts rely on them: 0 success, 2 bad
 * arguments or files (the reason on stderr), 1 anything else (a crash, a diverged or cut-short run).
 */
import { EmbeddingFileError } from '../data/embeddingFiles';
import { visibleText } from '../state/notices';

/** Exit status of a successful command. */
export const EXIT_OK = 0;
/** Exit status of any failure that is not the user's arguments or files. */
export const EXIT_FAILURE = 1;
/** Exit status of bad arguments or unreadable/refused files. */
export const EXIT_USAGE = 2;

/** A failure with a message for the user (no stack trace) and the exit status to end with. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_USAGE,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** The exit status and the stderr text for any thrown value: user errors without a stack. */
export function describeFailure(e: unknown): { exitCode: number; message: string } {
  if (e instanceof CliError) return { exitCode: e.exitCode, message: e.message };
  // A refused file's reason may quote its text: control and bidi characters as code points.
  if (e instanceof EmbeddingFileError) return { exitCode: EXIT_USAGE, message: `${visibleText(e.message)} [${e.code}]` };
  const err = e as Error;
  return { exitCode: EXIT_FAILURE, message: `internal error: ${err?.stack ?? String(e)}` };
}
