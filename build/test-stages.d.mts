export interface Stage {
  name: string;
  command: string[];
}
export interface Lane {
  /** Its output goes straight to the terminal; the other lanes' is printed when their stage ends. */
  stream: boolean;
  stages: Stage[];
}
export interface StageTime {
  name: string;
  seconds: number;
  passed: boolean;
}
type RunStage = (stage: Stage, stream: boolean, running: Set<unknown>) => Promise<{ code: number; output: string }>;
export const STEPS: Lane[][];
export const INSTALL_SCRIPTS: string[];
export function stepsFor(env: Record<string, string | undefined>): Lane[][];
export function runSteps(steps: Lane[][], options?: { log?: (line: string) => void; run?: RunStage }): Promise<{ passed: boolean; times: StageTime[] }>;
export function describeTimes(times: StageTime[]): string;
