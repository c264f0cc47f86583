import type { Browser, BrowserContext } from '@playwright/test';

/** The function a page calls with each violation (exposed by the test, so nothing the page does can lose it). */
const REPORT = '__bookclubReportCspViolation';

/** One `securitypolicyviolation` a page fired: what was refused, by which directive, from where. */
export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

const watched = new WeakSet<BrowserContext>();

/**
 * Every page of the context reports the CSP violations it fires into `violations`. A refused eval or inline
 * script is caught by the code that tried it, so the page goes on working and only the event (and a line in
 * the browser's console) shows it: the event is what is listened to, on the document, before the page's own
 * scripts run.
 */
export async function watchCsp(context: BrowserContext, violations: CspViolation[]): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  await context.exposeBinding(REPORT, ({ page }, violation: Omit<CspViolation, 'page'>) => {
    violations.push({ page: page?.url() ?? '', ...violation });
  });
  await context.addInitScript((report) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const sample = { directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample };
      const source = `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`;
      (window as unknown as Record<string, (v: unknown) => void>)[report]!({ ...sample, source });
    });
  }, REPORT);
}

/**
 * Watches every context the test makes with `browser.newContext()` or `browser.newPage()` (which makes its
 * context through the former): specs open a second member's window or a phone beside the laptop directly, and
 * each is a page a member would see. Answers the undo, for the test's end (the browser is the worker's, shared
 * with the next test).
 */
export function watchNewContexts(browser: Browser, violations: CspViolation[]): () => void {
  const newContext = browser.newContext;
  browser.newContext = async (...args) => {
    const context = await newContext.apply(browser, args);
    await watchCsp(context, violations);
    return context;
  };
  return () => {
    browser.newContext = newContext;
  };
}

/** The violations, one a line, for a failure message. */
export function describeViolations(violations: CspViolation[]): string {
  const lines = violations.map((v) => `${v.directive} refused ${v.blocked || '(inline)'} at ${v.source} on ${v.page}${v.sample ? `: ${v.sample}` : ''}`);
  return `The pages fired ${violations.length} CSP violation(s):\n${lines.join('\n')}`;
}
