/**
 * The page's colours, light and dark, as CSS variables, and the text rules every plot shares: one
 * definition for the page (vite.config.ts writes {@link themeCss} into index.html's head, ahead of
 * the style sheets) and for the command line's SVG files (standalone.ts, light scheme). Plain
 * strings, no imports: the Vite config loads this file too.
 */

/** CSS variables by name, in the order they are written. */
export type ThemeVars = Readonly<Record<`--${string}`, string>>;

/** The light scheme. */
export const LIGHT: ThemeVars = {
  '--bg': '#f7f7f5',
  '--panel': '#ffffff',
  '--ink': '#1f2328',
  // #5e6670, not #6a737d: 4.5:1 also on the tinted help and notice boxes.
  '--muted': '#5e6670',
  '--line': '#d9dcdf',
  '--accent': '#2b5fb4',
  '--warn': '#8a5a00',
  '--error': '#b42318',
  '--on-accent': '#ffffff',
  '--ok': '#137333',
  '--focus': '#2b5fb4',
  '--button': '#fafbfc',
  '--hover': 'rgba(31, 35, 40, 0.06)',
  '--info-bg': '#eef4ff',
  '--info-line': '#c9d6ea',
  '--help-bg': '#f3f6fb',
  '--warn-bg': '#fff6e0',
  '--warn-line': '#f0d48a',
  '--error-bg': '#fdecea',
  '--error-line': '#f5b5ad',
  '--note-bg': '#fffbea',
  // Plot series: strokes, and a darker ink where the same colour is text (4.5:1).
  '--alpha': '#cc6677',
  '--alpha-ink': '#a8485a',
  '--acc': '#117733',
  '--compact': '#882255',
  '--right-ink': '#cc3311',
  '--run-a-ink': '#0077bb',
  '--run-b-ink': '#a84a0c',
  '--calib': '#e9eef6',
  '--chance': '#a0a6ac',
  '--circle': '#c8ccd0',
};

/** The dark scheme: the same roles, each colour at AA contrast on the dark panels (text 4.5:1, lines 3:1). */
export const DARK: ThemeVars = {
  '--bg': '#16191d',
  '--panel': '#1e2227',
  '--ink': '#e6e8eb',
  '--muted': '#a3abb5',
  '--line': '#3a4048',
  '--accent': '#7aa7f0',
  '--warn': '#f0c060',
  '--error': '#ff8a80',
  '--on-accent': '#0d1117',
  '--ok': '#6fcf86',
  '--focus': '#7aa7f0',
  '--button': '#2a2f36',
  '--hover': 'rgba(230, 232, 235, 0.08)',
  '--info-bg': '#1c2533',
  '--info-line': '#36465e',
  '--help-bg': '#1c2533',
  '--warn-bg': '#3a2e12',
  '--warn-line': '#6b5a22',
  '--error-bg': '#3d1d1b',
  '--error-line': '#7a3530',
  '--note-bg': '#332d14',
  '--alpha': '#cc6677',
  '--alpha-ink': '#e8909e',
  '--acc': '#55bb77',
  '--compact': '#dd88bb',
  '--right-ink': '#ee6655',
  '--run-a-ink': '#5aaee8',
  '--run-b-ink': '#ee7733',
  '--calib': '#26303d',
  '--chance': '#6b737c',
  '--circle': '#4a515a',
};

/** The plots' legend, caption and axis-label text: small and muted, on the page and in every file. */
export const PLOT_TEXT_RULES = ['.legend text, .caption { font-size: 11px; fill: var(--muted); }', '.axis-label { font-size: 11px; fill: var(--muted); }'] as const;

/** `vars` as declarations, one a line, each line starting with `indent`. */
export const declarations = (vars: ThemeVars, indent = ''): string =>
  Object.entries(vars)
    .map(([k, v]) => `${indent}${k}: ${v};`)
    .join('\n');

/** The page's theme: the light variables on :root, the dark ones under prefers-color-scheme, then the plots' text rules. */
export function themeCss(): string {
  return [
    `:root {\n${declarations(LIGHT, '  ')}\n}`,
    `@media (prefers-color-scheme: dark) {\n  :root {\n${declarations(DARK, '    ')}\n  }\n}`,
    ...PLOT_TEXT_RULES,
  ].join('\n');
}
