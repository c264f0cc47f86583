import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// A warm burgundy, like a cloth-bound spine; paper-coloured surfaces around it.
const burgundy: MantineColorsTuple = ['#fcf0f2', '#f3dde1', '#e8b7c0', '#dc8f9d', '#d26d80', '#cc586d', '#ca4c63', '#b33e53', '#a0354a', '#7a2e3b'];

export const theme = createTheme({
  primaryColor: 'burgundy',
  // White on the filled shade: 6.8:1 in the light theme (#a0354a), 5.6:1 in the dark one (#b33e53).
  primaryShade: { light: 8, dark: 7 },
  colors: { burgundy },
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'Georgia, "Iowan Old Style", "Palatino Linotype", "Times New Roman", serif',
    fontWeight: '700',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Mantine's own transitions (menus, dialogs, collapses) stop for a member whose system asks for less motion.
  respectReducedMotion: true,
});

/**
 * The colours that differ between the light and the dark theme (WCAG AA: text 4.5:1 on every surface it
 * sits on). Components use these, or Mantine's own scheme-aware variables (`--mantine-color-body`, `-text`,
 * `-default-border`, `c="dimmed"`, `c="bright"`), never a fixed shade that only suits one theme.
 *
 * - `--bookclub-color-page`: the page behind the cards (the cards are `--mantine-color-body`).
 * - `--bookclub-color-accent`: burgundy ink for headings, names and icons; `-surface` and `-border` the pale
 *   (or, in the dark, deep) burgundy ground it sits on.
 * - `--bookclub-color-inset`: a panel set into a card; `--bookclub-color-divider`: a rule between rows.
 * - `--bookclub-color-focus`: the focus ring, 3:1 or more on every surface (the dark filled shade is not).
 *
 * Mantine's dimmed grey is 3.3:1 on white; ours is 6.4:1 on white, 6:1 on the page and 4.9:1 on the pale
 * burgundy of a highlight, and in the dark 6.4:1 on the cards. Errors and successes are the shades that read
 * on both; links in the dark are the lighter burgundy (6.3:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#655e58',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-success': 'var(--mantine-color-teal-9)',
    '--bookclub-color-page': '#faf7f2',
    '--bookclub-color-accent': 'var(--mantine-color-burgundy-9)',
    '--bookclub-color-accent-surface': 'var(--mantine-color-burgundy-0)',
    '--bookclub-color-accent-border': 'var(--mantine-color-burgundy-1)',
    '--bookclub-color-inset': 'var(--mantine-color-gray-0)',
    '--bookclub-color-divider': 'var(--mantine-color-gray-2)',
    '--bookclub-color-focus': 'var(--mantine-color-burgundy-8)',
    // Mantine writes a light badge, alert or button in its colour's shade 9 on its shade 1; for these colours
    // that is under 4.5:1 (yellow 2.7:1, orange 3.6:1, teal 4.3:1), so their ink is darker still (over 6:1).
    '--mantine-color-yellow-light-color': '#7a4300',
    '--mantine-color-orange-light-color': '#8a3c00',
    '--mantine-color-teal-light-color': '#066649',
  },
  dark: {
    '--mantine-color-dimmed': '#a6a6a6',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-success': 'var(--mantine-color-teal-4)',
    '--mantine-color-anchor': 'var(--mantine-color-burgundy-3)',
    '--mantine-color-burgundy-text': 'var(--mantine-color-burgundy-3)',
    '--bookclub-color-page': 'var(--mantine-color-dark-8)',
    '--bookclub-color-accent': 'var(--mantine-color-burgundy-2)',
    '--bookclub-color-accent-surface': 'var(--mantine-color-burgundy-light)',
    '--bookclub-color-accent-border': 'var(--mantine-color-burgundy-9)',
    '--bookclub-color-inset': 'var(--mantine-color-dark-6)',
    '--bookclub-color-divider': 'var(--mantine-color-dark-4)',
    '--bookclub-color-focus': 'var(--mantine-color-burgundy-3)',
  },
});
