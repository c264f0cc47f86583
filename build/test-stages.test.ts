import { describe, expect, it } from 'vitest';
import { describeTimes, INSTALL_SCRIPTS, runSteps, stepsFor, STEPS, type Lane, type Stage } from './test-stages.mjs';

const stage = (name: string): Stage => ({ name, command: [name] });

/** A stage runner that takes `ms` per stage and fails the ones named in `failing`; it records what ran when. */
function fakeRunner(ms: number, failing: string[] = []) {
  const events: string[] = [];
  const run = async (s: Stage) => {
    events.push(`start ${s.name}`);
    await new Promise((resolve) => setTimeout(resolve, ms));
    events.push(`end ${s.name}`);
    return { code: failing.includes(s.name) ? 1 : 0, output: `${s.name} says hello` };
  };
  return { events, run };
}

describe('npm test as stages', () => {
  it('runs the lanes of a step side by side and the steps one after another, and times every stage', async () => {
    const { events, run } = fakeRunner(20);
    const steps: Lane[][] = [
      [
        { stream: true, stages: [stage('unit')] },
        { stream: false, stages: [stage('lint'), stage('typecheck')] },
      ],
      [{ stream: true, stages: [stage('e2e')] }],
    ];
    const lines: string[] = [];
    const { passed, times } = await runSteps(steps, { run, log: (line) => lines.push(line) });
    expect(passed).toBe(true);
    expect(events.slice(0, 2).sort()).toEqual(['start lint', 'start unit']);
    expect(events.indexOf('start e2e')).toBeGreaterThan(events.indexOf('end typecheck'));
    expect(times.map((t) => t.name).sort()).toEqual(['e2e', 'lint', 'typecheck', 'unit']);
    expect(times.every((t) => t.passed && t.seconds >= 0)).toBe(true);
    // A lane that does not stream prints its stage's output when the stage ends, under the stage's name.
    expect(lines.join('\n')).toContain('--- lint (');
    expect(lines.join('\n')).toContain('lint says hello');
  });

  it('stops at a failed stage: nothing after it starts, and the run fails', async () => {
    const { events, run } = fakeRunner(10, ['lint']);
    const steps: Lane[][] = [[{ stream: false, stages: [stage('lint'), stage('typecheck')] }], [{ stream: true, stages: [stage('e2e')] }]];
    const { passed, times } = await runSteps(steps, { run, log: () => {} });
    expect(passed).toBe(false);
    expect(events).toEqual(['start lint', 'end lint']);
    expect(times).toEqual([{ name: 'lint', seconds: expect.any(Number), passed: false }]);
    expect(describeTimes(times)).toMatch(/lint\s+[\d.]+ s {2}FAILED/);
  });

  it('runs every check the project has, the browser tests last', () => {
    const names = stepsFor({})
      .flat()
      .flatMap((lane) => lane.stages.map((s) => s.name));
    expect(names.sort()).toEqual(['browser tests', 'build', 'eslint', 'format', 'lint', 'typecheck', 'unit tests']);
    expect(STEPS.at(-1)!.flatMap((lane) => lane.stages.map((s) => s.name))).toEqual(['browser tests']);
  });

  it('on CI (BUILD_NATIVE), runs the allowed install scripts before the unit tests, beside the checks that need no native module', () => {
    expect(INSTALL_SCRIPTS).toContain('better-sqlite3');
    expect(INSTALL_SCRIPTS).not.toContain('@scarf/scarf');
    const [first] = stepsFor({ BUILD_NATIVE: '1' });
    const unitLane = first!.find((lane) => lane.stages.some((s) => s.name === 'unit tests'))!;
    expect(unitLane.stages.map((s) => s.name)).toEqual(['native build', 'unit tests']);
    expect(unitLane.stages[0]!.command).toEqual(expect.arrayContaining(['rebuild', ...INSTALL_SCRIPTS]));
    const checks = first!.filter((lane) => lane !== unitLane).flatMap((lane) => lane.stages.map((s) => s.name));
    expect(checks).toEqual(['lint', 'eslint', 'format', 'typecheck', 'build']);
    expect(
      stepsFor({})
        .flat()
        .flatMap((lane) => lane.stages.map((s) => s.name)),
    ).not.toContain('native build');
  });
});
