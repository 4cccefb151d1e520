/**
 * site_a photos per cold call: CPU and wall time of `sitePhotos` for hotels it has not seen (no
 * remembered page, empty cache), with the sandbox in its own process so that its page building is not
 * counted.
 * @example node --disable-warning=ExperimentalWarning tests/bench/photos-cold.ts
 */
import { getWorld } from '../../infra/sandbox/world.ts';
import { sitePhotos } from '../../shared/providers/site-a/photos.ts';
import { clearCache } from '../../shared/upstream/cache.ts';
import { Deadline } from '../../shared/upstream/deadline.ts';
import { sandboxChild } from '../helpers/sandbox-child.ts';

const child = await sandboxChild();

// BENCH_PHOTOS_HOTELS: how many hotels are measured after the 5 warm-up ones.
const hotels = getWorld().hotels.slice(0, 5 + Number(process.env.BENCH_PHOTOS_HOTELS ?? 40));
const cpu: number[] = [];
const wall: number[] = [];
for (const [i, h] of hotels.entries()) {
  clearCache();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const photos = await sitePhotos(
    { deadline: new Deadline(20_000), served: [] } as never,
    String(h.ids.site_a),
  );
  const dt = performance.now() - t0;
  const c = process.cpuUsage(c0);
  if (!photos?.length) throw new Error(`no photos for ${h.ids.site_a}`);
  if (i >= 5) {
    cpu.push((c.user + c.system) / 1000);
    wall.push(dt);
  }
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
const iqrHalf = (a: number[]) => {
  const s = [...a].sort((x, y) => x - y);
  return (s[Math.round(0.75 * (s.length - 1))]! - s[Math.round(0.25 * (s.length - 1))]!) / 2;
};
console.log(
  `site_a photos, cold call (${cpu.length} hotels, after 5 warm-up): CPU median ${med(cpu).toFixed(1)} ms, CPU IQR/2 ${iqrHalf(cpu).toFixed(1)} ms, wall median ${med(wall).toFixed(1)} ms`,
);
child.kill('SIGTERM');
