// `npm test`: every check the project has, as stages, and how long each took.
//
// On a two-core machine the stages that mostly wait (the unit suite starts servers and waits on timers and
// sockets) leave a core idle, so the checks that only compute (the boundaries lint, the type checks, the
// build the browser tests need) run beside the unit suite instead of before it. The browser tests come last,
// alone: they need the build and both cores. A failed stage stops the run: the others are ended.
//
// The stages' times are printed at the end and written to test-results/stage-times.json, which .ci/run
// prints together with its own (installing).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A lane runs its stages one after another. Lanes of a step run side by side; one lane of a step may stream
 * its output (the others keep theirs and print it when their stage ends, so lines never interleave).
 */
/**
 * The packages whose install scripts may run: those package.json's allowScripts allows. `.ci/run` installs
 * with `--ignore-scripts` and sets BUILD_NATIVE=1, and they run here instead: better-sqlite3 then compiles
 * (about 90 s of one core) beside the lint, type checks and build, which do not load it, rather than alone
 * inside `npm ci`; the unit tests, which do, start after it.
 */
export const INSTALL_SCRIPTS = Object.entries(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).allowScripts ?? {})
  .filter(([, allowed]) => allowed === true)
  .map(([name]) => name);

/** The steps of `npm test`; with BUILD_NATIVE set, the unit tests' lane first runs the install scripts. */
export function stepsFor(env) {
  const nativeBuild = env.BUILD_NATIVE ? [{ name: 'native build', command: ['npm', 'rebuild', '--no-audit', '--no-fund', ...INSTALL_SCRIPTS] }] : [];
  return [
    [
      { stream: true, stages: [...nativeBuild, { name: 'unit tests', command: ['npm', 'run', '--silent', 'test:unit'] }] },
      {
        stream: false,
        stages: [
          { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
          { name: 'eslint', command: ['npm', 'run', '--silent', 'eslint'] },
          { name: 'format', command: ['npm', 'run', '--silent', 'format:check'] },
          { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
          { name: 'build', command: ['npm', 'run', '--silent', 'build'] },
        ],
      },
    ],
    [{ stream: true, stages: [{ name: 'browser tests', command: ['npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts', '--project', 'checks'] }] }],
  ];
}

export const STEPS = stepsFor(process.env);

/** Runs one stage; answers its exit code and its output when not streamed. */
function runStage(stage, stream, running) {
  return new Promise((resolve) => {
    const child = spawn(stage.command[0], stage.command.slice(1), {
      cwd: root,
      stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      // Its own process group, so ending a failed run ends the stage's children (browsers, servers) too.
      detached: true,
    });
    running.add(child);
    let output = '';
    if (!stream) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve({ code: code ?? (signal ? 1 : 0), output });
    });
  });
}

function endAll(running) {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

const seconds = (ms) => Math.round(ms / 100) / 10;

/** The stages' processes now running (each its own process group). */
const running = new Set();

/** Runs the steps; answers each stage's outcome and time (a stage never started is not listed). */
export async function runSteps(steps, { log = console.log, run = runStage } = {}) {
  const times = [];
  let failed = false;
  for (const lanes of steps) {
    await Promise.all(
      lanes.map(async (lane) => {
        for (const stage of lane.stages) {
          if (failed) return;
          const start = Date.now();
          if (lane.stream) log(`\n--- ${stage.name}`);
          const { code, output } = await run(stage, lane.stream, running);
          const outcome = { name: stage.name, seconds: seconds(Date.now() - start), passed: code === 0 };
          if (failed && code !== 0) return; // ended because another stage failed
          times.push(outcome);
          if (!lane.stream) log(`\n--- ${stage.name} (${outcome.seconds} s${code === 0 ? '' : ', failed'})\n${output.trimEnd()}`);
          if (code !== 0) {
            failed = true;
            endAll(running);
          }
        }
      }),
    );
    if (failed) break;
  }
  return { passed: !failed, times };
}

/** The times as a table a person reads. */
export function describeTimes(times) {
  const width = Math.max(...times.map((t) => t.name.length));
  return times.map((t) => `  ${t.name.padEnd(width)}  ${String(t.seconds).padStart(6)} s${t.passed ? '' : '  FAILED'}`).join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const start = Date.now();
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      endAll(running);
      process.exit(130);
    });
  }
  const { passed, times } = await runSteps(STEPS);
  fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'test-results/stage-times.json'), JSON.stringify({ passed, times, totalSeconds: seconds(Date.now() - start) }, null, 2));
  console.log(
    `\n--- stage times (${passed ? 'passed' : 'FAILED'}, ${seconds(Date.now() - start)} s in all; lint, typecheck and build ran beside the unit tests)`,
  );
  console.log(describeTimes(times));
  process.exit(passed ? 0 : 1);
}
