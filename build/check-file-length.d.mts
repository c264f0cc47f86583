export const MAX_LINES: number;
export function lineCount(text: string): number;
export function filesTooLong(root: string): { file: string; lines: number }[];
