#!/usr/bin/env node
// A downstream subscriber of the portal's event feed (docs/SUBSCRIPTIONS.md), with nothing but Node 20:
// follows the feed of its API key's retailer from the first event, forever, and writes each event as
// one JSON line to a file. The file is its own checkpoint: on start it resumes after the last whole
// line's `sequence`, so a subscriber killed at any moment (kill -9 included) and started again
// receives every event exactly once, in the store's order.
//
//   PORTAL_URL=http://localhost:3000 PORTAL_API_KEY=portal_… node docs/subscriber.mjs events.jsonl
//
// Environment: PORTAL_URL (default http://localhost:3000), PORTAL_API_KEY (required), FEED_TYPES
// (optional, comma-separated event types), FEED_WAIT (seconds a page waits for news; default 25),
// FEED_LIMIT (events per page; default 500).
import { closeSync, existsSync, openSync, readFileSync, truncateSync, writeSync } from 'node:fs';

const output = process.argv[2] ?? 'events.jsonl';
const baseUrl = (process.env.PORTAL_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const apiKey = process.env.PORTAL_API_KEY;
const types = process.env.FEED_TYPES;
const wait = process.env.FEED_WAIT ?? '25';
const limit = process.env.FEED_LIMIT ?? '500';
if (!apiKey) {
  console.error('PORTAL_API_KEY is required (an integration API key: npm run apikey:create -- --retailer <retailer id> --name <name>)');
  process.exit(2);
}

/** The cursor to resume after: the last whole line's sequence; a line cut short by a kill is dropped. */
function resumePoint() {
  if (!existsSync(output)) return undefined;
  const text = readFileSync(output, 'utf8');
  const whole = text.endsWith('\n') ? text : text.slice(0, text.lastIndexOf('\n') + 1);
  if (whole.length !== text.length) truncateSync(output, Buffer.byteLength(whole));
  const last = whole.trimEnd().split('\n').at(-1);
  return last ? JSON.parse(last).sequence : undefined;
}

let cursor = resumePoint();
const file = openSync(output, 'a');
process.on('exit', () => closeSync(file));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
console.error(cursor ? `resuming after ${cursor}` : 'starting from the first event');

let delay = 1000;
for (;;) {
  const query = new URLSearchParams({ limit, wait });
  if (cursor) query.set('after', cursor);
  if (types) query.set('types', types);
  let page;
  try {
    const response = await fetch(`${baseUrl}/api/integration/v1/events?${query}`, { headers: { 'x-api-key': apiKey, accept: 'application/json' } });
    if (response.status === 400 || response.status === 401) {
      console.error(`refused (${response.status}): ${await response.text()}`);
      process.exit(1);
    }
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    page = await response.json();
    delay = 1000;
  } catch (error) {
    // The portal is away (restarting, network): try again, backing off up to 30 s; the cursor is kept.
    console.error(`feed unavailable (${error.message}); again in ${delay} ms`);
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, 30_000);
    continue;
  }
  // One write per page: each line is whole before the cursor it carries counts.
  if (page.events.length > 0) writeSync(file, page.events.map((event) => `${JSON.stringify(event)}\n`).join(''));
  for (const event of page.events) console.log(`${event.sequence} ${event.type} ${event.subject}`);
  // next_cursor is the last event's sequence, or further when a `types` filter passed over other events
  // (after a restart those are looked through again: the file keeps only events).
  cursor = page.next_cursor;
}
