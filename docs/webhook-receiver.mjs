#!/usr/bin/env node
// A webhook receiver to try the portal's webhooks with (docs/SUBSCRIPTIONS.md "Webhooks"): listens on
// http://localhost:4000/hooks, checks each delivery's Standard Webhooks signature with the secret the
// console showed when the endpoint was registered, skips a webhook-id it has already seen (retries
// and replays are delivered again under the same id), and prints each event. localhost is a private
// target: the portal must run with WEBHOOK_ALLOW_PRIVATE_TARGETS=true to register and deliver to it.
//
//   WEBHOOK_SECRET=whsec_… node docs/webhook-receiver.mjs
//
// PORT (default 4000); FAIL_FIRST=n answers 503 to the first n deliveries, to watch the retries in
// the console's delivery log.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const { Webhook } = createRequire(import.meta.url)('standardwebhooks');
const secret = process.env.WEBHOOK_SECRET;
if (!secret?.startsWith('whsec_')) {
  console.error('WEBHOOK_SECRET is required: the whsec_… secret shown once when the endpoint was registered');
  process.exit(2);
}
const port = Number(process.env.PORT ?? 4000);
let failFirst = Number(process.env.FAIL_FIRST ?? 0);
const seen = new Set();
const verifier = new Webhook(secret);

createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    let event;
    try {
      event = verifier.verify(body, request.headers);
    } catch (error) {
      console.error(`refused: ${error.message}`);
      response.writeHead(400).end('bad signature');
      return;
    }
    if (failFirst > 0) {
      failFirst--;
      console.error(`answering 503 to ${request.headers['webhook-id']} (${failFirst} more to fail)`);
      response.writeHead(503).end('failing on purpose');
      return;
    }
    const id = request.headers['webhook-id'];
    console.log(`${seen.has(id) ? 'again' : 'new  '} ${event.sequence} ${event.type} ${event.subject}`);
    seen.add(id);
    response.writeHead(204).end();
  });
}).listen(port, '127.0.0.1', () => console.error(`listening on http://localhost:${port}/hooks`));
