import axe from 'axe-core';
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
 *
 * axe-core is run in the page directly, as its own documentation shows, rather than through
 * @axe-core/playwright: that wrapper injects the 600 kB script again on every call and finishes each run in a
 * new blank page (its support for cross-origin frames, which the app has none of), which made one audit
 * about four times slower. Only violations are collected (`resultTypes`), the one result the audit reads.
 */
export async function audit(page: Page, screen: string): Promise<Finding[]> {
  // Mantine's transitions (menus, dialogs, the mobile menu, a theme's colours) are over before axe reads
  // colours and sizes (a spinner's endless animation aside).
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
  // Once per document: a client-side navigation keeps it, a page load does not.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
    return results.violations;
  });
  return violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ''))
    .map((v) => ({
      screen,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes
        .slice(0, 4)
        .map((n) => `${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.split('\n').slice(1, 2).join('').trim()}` : ''}`),
    }));
}

/** The findings as a person reads them: one block per screen and rule. */
export function describeFindings(findings: Finding[]): string {
  return findings.map((f) => `${f.screen}: ${f.rule} (${f.impact}) ${f.help}\n${f.targets.map((t) => `    ${t}`).join('\n')}`).join('\n');
}
