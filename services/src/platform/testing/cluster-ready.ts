/**
 * Waits until a cluster started by the launcher (`npm run start:cluster`, cli/cluster.ts) serves:
 * every api process answers /health on its own port (the balancer's port + 1, + 2, …), then the
 * balancer, which looks at /health once a second, sends to each of them. Shared by the fault tests
 * and bench:load, which start the launcher each their own way.
 */
export async function clusterReady(baseUrl: string, apiCount: number, stillRunning: () => boolean, describe: () => string): Promise<void> {
  const port = Number(new URL(baseUrl).port);
  const apiUrls = Array.from({ length: apiCount }, (_, index) => `http://127.0.0.1:${port + 1 + index}`);
  await poll(
    async () => {
      if (!stillRunning()) throw new Error(`the cluster exited:\n${describe()}`);
      const statuses = await Promise.all(apiUrls.map((url) => fetch(`${url}/health`).then((response) => response.status, () => 0)));
      return statuses.every((status) => status === 200);
    },
    180_000,
    () => `every api process of the cluster\n${describe()}`,
  );
  await poll(
    async () => {
      const served = new Set<string>();
      for (let tries = 0; tries < 4 * apiCount; tries++) served.add((await fetch(`${baseUrl}/health`).catch(() => undefined))?.headers.get('x-portal-api') ?? '');
      return served.size >= apiCount;
    },
    15_000,
    () => 'the balancer to reach every api process',
  );
}

async function poll(done: () => Promise<boolean>, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
