/** Paul Tol's "muted" scheme plus grey: ten colours told apart under the common colour-vision deficiencies. */
export const CLASS_COLOURS = [
  '#332288', '#88CCEE', '#44AA99', '#117733', '#999933',
  '#DDCC77', '#CC6677', '#882255', '#AA4499', '#777777',
] as const;

/** The colour of class `c` (cycles past ten). */
export const classColour = (c: number): string => CLASS_COLOURS[((c % CLASS_COLOURS.length) + CLASS_COLOURS.length) % CLASS_COLOURS.length];
