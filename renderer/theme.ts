import { createTheme, type MantineColorsTuple } from '@mantine/core';

// A warm burgundy, like a cloth-bound spine; paper-coloured surfaces around it.
const burgundy: MantineColorsTuple = [
  '#fcf0f2', '#f3dde1', '#e8b7c0', '#dc8f9d', '#d26d80', '#cc586d', '#ca4c63', '#b33e53', '#a0354a', '#7a2e3b',
];

export const theme = createTheme({
  primaryColor: 'burgundy',
  primaryShade: { light: 8, dark: 5 },
  colors: { burgundy },
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'Georgia, "Iowan Old Style", "Palatino Linotype", "Times New Roman", serif',
    fontWeight: '700',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
});
