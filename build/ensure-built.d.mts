export const STAMP: string;
export function needsBuild(root: string): boolean;
export function ensureBuilt(root: string, options?: { always?: boolean }): boolean;
