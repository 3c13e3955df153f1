import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** WCAG 2.1 A and AA: what the checker holds every screen to. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SEVERE = new Set(['serious', 'critical']);

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/**
 * axe-core's serious and critical WCAG 2.1 A/AA violations on the page as it stands (or inside
 * `within`, a CSS selector: an open dialog), one line each: rule, impact, help, the elements.
 * The checker is evaluated over the DevTools protocol, which the page's Content-Security-Policy
 * does not govern (a <script> tag would be refused, and rightly).
 */
export async function severeAccessibilityViolations(page: Page, within?: string): Promise<string[]> {
  const loaded = await page.evaluate(() => typeof (globalThis as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async ({ selector, tags }) => {
      const checker = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> } }).axe;
      const { violations: found } = await checker.run(selector ?? (globalThis as unknown as { document: unknown }).document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return found.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target, html, failureSummary }) => ({ target, html, failureSummary })) }));
    },
    { selector: within, tags: WCAG_TAGS },
  );
  return violations
    .filter((violation) => SEVERE.has(violation.impact ?? ''))
    .map(
      ({ id, impact, help, nodes }) =>
        `${id} (${impact}): ${help} — ${nodes.map(({ target }) => target.join(' ')).slice(0, 5).join(' | ')}${nodes.length > 5 ? ` (+${nodes.length - 5})` : ''}; the first: ${nodes[0]?.html.slice(0, 300)} (${nodes[0]?.failureSummary?.replace(/\s+/g, ' ').slice(0, 400)})`,
    );
}
