#!/usr/bin/env node
// What the console waits for before the first rows (issue 42, item 36): opens screens BY URL in
// headless Chromium (/usr/bin/chromium) against a running service, signed in, the assets already
// in the browser's cache (a reload, as a user opening a bookmark), and prints per screen, median of
// RUNS (5): when the first API call of the screen started, when it was answered, when its first
// rows were on screen, and how many script chunks were fetched before the call started.
//
//   node scripts/console-timings.mjs http://127.0.0.1:3000 retailer.manager@demo.test
//   RUNS=9 node scripts/console-timings.mjs http://127.0.0.1:3000 retailer.manager@demo.test
//
// Loopback only: the service is one you started (npm start, or the built main.js on a port).
import { chromium } from 'playwright-core';

const [baseUrl = 'http://127.0.0.1:3000', email = 'retailer.manager@demo.test', password = 'Passw0rd!'] = process.argv.slice(2);
const runs = Number(process.env.RUNS ?? 5);
if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(baseUrl)) throw new Error(`only a local service: ${baseUrl}`);

/** The screens: where to go, what their first rows are, which call brings them. `SCREENS=rma` picks issue 42 item 19's. */
const RMA_SCREENS = [
  { name: 'Dashboard: sales figures', path: '/', ready: '[data-testid="sales-summary"] .ant-statistic-content-value', call: '/api/v1/manager_sales_dashboard' },
  { name: 'Initiate RMA', path: '/rmainitiaterequest', ready: '.ant-table-tbody tr.ant-table-row', call: '/api/v1/manager/get_device_list_to_initiate_rma_v2' },
  { name: 'Submit RMA', path: '/rmasubmitrequest', ready: '.ant-table-tbody tr.ant-table-row', call: '/api/v1/manager/get_rma_devices_to_submit' },
  { name: 'RMA Status', path: '/rmaapprovedrequest', ready: '.ant-table-tbody tr.ant-table-row', call: '/api/v1/manager/get_rma_orders_list' },
  { name: 'RMA Device Status', path: '/rmarequeststatus', ready: '.ant-table-tbody tr.ant-table-row', call: '/api/v1/manager/rma_device_status_report' },
];
const ONBOARDING_SCREENS = [
  // The three widgets drawn: the stages list, the donut and the pie (the calls: the slowest of the three is named).
  { name: 'Dashboard: onboarding widgets', path: '/', ready: ['[aria-label="Onboarding stages"] li', '[data-testid="expired-donut"] svg path', '[data-testid="agents-pie"] svg path'], call: '/api/v1/agent_summary_count' },
  { name: 'Onboarding Summary', path: '/onboardingreport', ready: '.ant-table-tbody tr.ant-table-row', call: '/api/v1/onboarding_summary_report' },
  { name: 'Agent Summary', path: '/agentreport', ready: '.ant-table-tbody tr.ant-table-row', call: '/api/v1/agent_summary_report' },
  { name: 'Users', path: '/employee', ready: '.ant-table-tbody tr.ant-table-row', call: '/api/v1/users' },
  { name: 'Offices', path: '/offices', ready: '.ant-table-tbody tr.ant-table-row', call: '/api/v1/offices' },
];

const SCREENS = process.env.SCREENS === 'rma' ? RMA_SCREENS : ONBOARDING_SCREENS;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, baseURL: baseUrl });
  const page = await context.newPage();
  // Sign in once through the login page; the session stays in the browser's storage.
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 60_000 });
  // Any announcement prompt out of the way.
  await page.getByRole('button', { name: 'OK' }).click({ timeout: 5_000 }).catch(() => undefined);

  console.log(`Console timings at ${baseUrl} as ${email}, ${runs} runs each (median ms from navigation start):`);
  console.log('screen | call started | call answered | call took | first rows | chunks before call | rows − answer');
  for (const screen of SCREENS) {
    // When each part was first on screen, to the frame (polled every animation frame in the page).
    const ready = async () => {
      let at = 0;
      for (const selector of [screen.ready].flat()) {
        const seen = await page.waitForFunction((wanted) => (document.querySelector(wanted) ? performance.now() : false), selector, { polling: 'raf', timeout: 60_000 });
        at = Math.max(at, Number(await seen.jsonValue()));
      }
      return at;
    };
    // A first visit fills the HTTP cache (not counted).
    await page.goto(screen.path, { waitUntil: 'commit' });
    await ready();
    const samples = [];
    for (let run = 0; run < runs; run++) {
      // Watched from the moment the new document is there: nothing drawn before the page's load event is missed.
      await page.goto(screen.path, { waitUntil: 'commit' });
      const readyAt = await ready();
      samples.push(
        await page.evaluate(({ call, readyAt }) => {
          const ready = readyAt;
          const entries = performance.getEntriesByType('resource');
          const pathOf = (name) => name.replace(/^https?:\/\/[^/]+/, '').split('?')[0];
          const api = entries.find((entry) => pathOf(entry.name) === call);
          const chunks = entries.filter((entry) => /\/assets\/.*\.js$/.test(pathOf(entry.name)) && (!api || entry.startTime < api.startTime)).length;
          return { started: api?.startTime ?? NaN, answered: api?.responseEnd ?? NaN, ready, chunks };
        }, { call: screen.call, readyAt }),
      );
    }
    const m = (key) => Math.round(median(samples.map((sample) => sample[key])));
    console.log(`${screen.name} | ${m('started')} | ${m('answered')} | ${m('answered') - m('started')} | ${m('ready')} | ${m('chunks')} | ${m('ready') - m('answered')}`);
  }
} finally {
  await browser.close();
}
