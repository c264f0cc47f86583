import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** What an audit found that fails the build: axe's critical and serious violations. */
export interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

const FAILING_IMPACTS = new Set(['critical', 'serious']);

/**
 * Runs axe-core (every rule it runs by default: WCAG 2.0–2.2 A and AA, and best practices) on the page as it
 * is now and answers the critical and serious violations, each with the elements it names.
 */
export async function audit(page: Page, screen: string): Promise<Finding[]> {
  // Mantine's transitions (menus, dialogs, the mobile menu, a theme's colours) are over before axe reads
  // colours and sizes (a spinner's endless animation aside).
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ''))
    .map((v) => ({
      screen,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.split('\n').slice(1, 2).join('').trim()}` : ''}`),
    }));
}

/** The findings as a person reads them: one block per screen and rule. */
export function describeFindings(findings: Finding[]): string {
  return findings
    .map((f) => `${f.screen}: ${f.rule} (${f.impact}) ${f.help}\n${f.targets.map((t) => `    ${t}`).join('\n')}`)
    .join('\n');
}
