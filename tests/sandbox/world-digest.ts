// Prints a digest of the sandbox world and some prices: run in several processes to prove determinism.
import { createHash } from 'node:crypto';
import { stayPrice } from '../../infra/sandbox/prices.ts';
import { getWorld } from '../../infra/sandbox/world.ts';

export function worldDigest(): string {
  const { hotels } = getWorld();
  const prices = hotels
    .slice(0, 50)
    .map((h) => stayPrice(h, { checkIn: '2027-03-05', checkOut: '2027-03-08', adults: 2, currency: 'EUR' }));
  return createHash('sha256').update(JSON.stringify({ hotels, prices })).digest('hex');
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(worldDigest());
