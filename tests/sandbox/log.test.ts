// The sandbox's request log stays bounded under load, keeping the latest requests.
import { expect, it } from '@jest/globals';
import { startSandbox } from '../../infra/sandbox/server.ts';

it('keeps at most one and a half times its limit, and always the latest requests', async () => {
  // Prepare
  const sandbox = await startSandbox({ logLimit: 40 });
  try {
    // Act
    for (let i = 0; i < 200; i++)
      await fetch(`${sandbox.url}/web_search/search.json?q=n${i}`).then((r) => r.text());

    // Assess
    const log = sandbox.requests();
    expect(log.length).toBeGreaterThanOrEqual(40);
    expect(log.length).toBeLessThan(60);
    expect(log.at(-1)!.path).toContain('q=n199');
  } finally {
    await sandbox.close();
  }
});
