/**
 * Paul Tol's "muted" scheme, with a dark grey as the tenth colour: ten colours told apart under the
 * common colour-vision deficiencies on a light background. (Tol's mid grey #777777 sat within
 * ΔE 1.5 of the rose #CC6677 for protanopes; #333333 keeps every pair apart, see palette.test.ts.)
 */
export const CLASS_COLOURS = [
  '#332288', '#88CCEE', '#44AA99', '#117733', '#999933',
  '#DDCC77', '#CC6677', '#882255', '#AA4499', '#333333',
] as const;

/**
 * For the dark scheme: Paul Tol's "light" scheme (made for dark text on it, so every colour is
 * light enough for a dark background) plus a mid blue as the tenth colour.
 */
export const DARK_CLASS_COLOURS = [
  '#77AADD', '#EE8866', '#EEDD88', '#FFAABB', '#99DDFF',
  '#44BB99', '#BBCC33', '#AAAA00', '#DDDDDD', '#5588DD',
] as const;

/** Matches while the page follows a dark colour scheme (null outside a browser, e.g. in unit tests). */
export const darkScheme: MediaQueryList | null = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;

/** The colour of class `c` (cycles past ten) in the colour scheme in force. */
export const classColour = (c: number): string => {
  const colours = darkScheme?.matches ? DARK_CLASS_COLOURS : CLASS_COLOURS;
  return colours[((c % colours.length) + colours.length) % colours.length];
};

/**
 * The neutral grey of the classes beyond the palette (a set with more classes than colours: the
 * largest are coloured, the rest grey, classLegend.ts), light and dark scheme: apart from every class
 * colour under each colour-vision deficiency, and on the dark panel at 3:1 (palette.test.ts).
 */
export const OTHER_COLOUR = '#BBBBBB';
export const DARK_OTHER_COLOUR = '#777777';

/** The grey of the classes beyond the palette, in the colour scheme in force. */
export const otherColour = (): string => (darkScheme?.matches ? DARK_OTHER_COLOUR : OTHER_COLOUR);
