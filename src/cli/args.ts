/**
 * A small argv parser for the CLI's commands: `--name value` or `--name=value`, repeated flags
 * collected in order, positionals by count. Every mistake is a {@link CliError} with exit status 2
 * that names the flag, so a script sees why.
 */
import { CliError } from './errors';

/** How a command's flags are read: a value, a repeatable value, or a switch. */
export type FlagKind = 'value' | 'repeat' | 'switch';

/** Parsed arguments: positionals in order, flag values by name (without the dashes). */
export interface ParsedArgs {
  positionals: string[];
  values: Record<string, string>;
  repeats: Record<string, string[]>;
  switches: Set<string>;
}

/** Parses `argv` against `flags`; at most `maxPositionals` positionals. */
export function parseArgs(argv: string[], flags: Record<string, FlagKind>, maxPositionals: number, usage: string): ParsedArgs {
  const out: ParsedArgs = { positionals: [], values: {}, repeats: {}, switches: new Set() };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--') || a === '--') {
      if (out.positionals.length >= maxPositionals) throw new CliError(`unexpected argument “${a}”\n${usage}`);
      out.positionals.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = a.slice(2, eq > 0 ? eq : undefined);
    const kind = flags[name];
    if (!kind) throw new CliError(`unknown option --${name}\n${usage}`);
    if (kind === 'switch') {
      if (eq > 0) throw new CliError(`--${name} takes no value`);
      out.switches.add(name);
      continue;
    }
    let value: string;
    if (eq > 0) value = a.slice(eq + 1);
    // The next word is this flag's value unless it is another of the command's flags (`--eps --far 0.1`).
    else if (i + 1 < argv.length && !(argv[i + 1].slice(2).split('=')[0] in flags && argv[i + 1].startsWith('--'))) value = argv[++i];
    else throw new CliError(`--${name} needs a value\n${usage}`);
    if (kind === 'repeat') (out.repeats[name] ??= []).push(value);
    else if (name in out.values) throw new CliError(`--${name} is given twice`);
    else out.values[name] = value;
  }
  return out;
}

/** A whole number in [min, max] from flag `name`'s text, or exit 2. */
export function intFlag(name: string, text: string, min: number, max: number): number {
  const v = Number(text);
  if (text.trim() === '' || !Number.isInteger(v) || v < min || v > max) throw new CliError(`--${name} must be a whole number from ${min} to ${max}, got “${text}”`);
  return v;
}

/** One number from flag `name`, above `above` and at most `max`, or exit 2. */
export function numberFlag(name: string, text: string, above: number, max: number): number {
  const v = Number(text);
  if (text.trim() === '' || !Number.isFinite(v) || !(v > above) || v > max) throw new CliError(`--${name} must be one number above ${above} and at most ${max}, got “${text}”`);
  return v;
}

/** A comma-separated list of numbers from flag `name`, each in [min, max], or exit 2. */
export function numberListFlag(name: string, text: string, min: number, max: number): number[] {
  const parts = text.split(',').map((s) => s.trim());
  const v = parts.map(Number);
  if (parts.some((p) => p === '') || v.some((x) => !Number.isFinite(x) || x < min || x > max)) {
    throw new CliError(`--${name} must be comma-separated numbers from ${min} to ${max}, got “${text}”`);
  }
  return v;
}
