/**
 * The source slots a route's miss takes with its result lease (shared/store/slots.ts), planned apart from
 * `endpoint()` so that it reads as its order: one call gives the lease's and the result's hooks.
 */
import type { Route } from '../routes/index.ts';
import type { SlotStore } from '../store/slots.ts';
import type { Deadline } from '../upstream/deadline.ts';
import { providerConfig } from '../upstream/providers.ts';

/**
 * The configuration of each of the route's sources (undefined where the deployment has none): what a kept
 * result was built with.
 * @example sourceConfigs(routes.chainARooms) // [{ maxConcurrent: 4, … }]
 */
export function sourceConfigs(route: Route): unknown[] {
  return (route.upstream ?? []).map((provider) => {
    try {
      return providerConfig(provider);
    } catch {
      return undefined;
    }
  });
}

/**
 * The deployment's slots of the route's capped sources taken with the result lease, and their releases sent
 * with the result's write, so that the ceiling adds no round trip of its own to a miss
 * (shared/store/slots.ts). As many of a source's slots are taken as the route's last miss in this process
 * used at once (chain_a rooms asks for its cash and points offers together: two), or as `slotsAhead` declares
 * before any miss, one by default; unused ones go back with the result. A source the deployment does not
 * configure has no slot to take.
 * @example routeResult(key, { ...sourceSlotsAhead(route, slots, deadline, widths) }, compute)
 */
export function sourceSlotsAhead(
  route: Route,
  slots: SlotStore,
  deadline: Deadline,
  widths: Map<string, number>,
) {
  const ceilings = (route.upstream ?? []).flatMap((provider) => {
    try {
      const max = providerConfig(provider).maxConcurrent;
      return max ? [{ provider, max }] : [];
    } catch {
      return [];
    }
  });
  if (ceilings.length === 0 || !slots.takeAhead || !slots.flush) return {};
  return {
    withLease: () => {
      slots.holdReleases?.();
      // Held at most as long as the invocation can run, like the slots the pipeline takes itself.
      for (const { provider, max } of ceilings)
        for (let i = 0; i < Math.min(max, widths.get(provider) ?? 1); i++)
          slots.takeAhead!(provider, max, deadline.remaining() + 1_000);
    },
    withResult: () => {
      // A miss that was refused or waited used none: what it takes ahead is learned from those that fetched.
      for (const { provider } of ceilings) {
        const used = slots.peak?.(provider) ?? 0;
        if (used > 0) widths.set(provider, used);
      }
      return slots.flush!();
    },
  };
}
