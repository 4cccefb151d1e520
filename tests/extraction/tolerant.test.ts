// The tolerant reader: absent optional fields and skipped list entries are drift (counted, logged, an EMF
// metric per provider and field); a present field of the wrong type, or a list of nothing usable, fails.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import * as z from 'zod';
import { captureEmf } from '../helpers/emf.ts';
import { conform } from '../../shared/extraction/conform.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import {
  type Drift,
  fieldsOf,
  isPlaceholder,
  observeDrift,
  readerSchema,
  tolerant,
} from '../../shared/extraction/tolerant.ts';
import { dataOrRefusal } from '../../shared/extraction/graphql.ts';

const Review = z.looseObject({
  id: z.number().int(),
  rating: z.number().int(),
  helpfulVotes: z.number().int().optional(),
  photos: z.array(z.looseObject({ url: z.string() })).default([]),
});
const Page = tolerant(
  'site_c',
  z.looseObject({ total: z.number().int(), reviews: z.array(Review) }),
  'a page',
);

let drift: Drift[];
let stop: () => void;
beforeEach(() => {
  drift = [];
  stop = observeDrift((d) => drift.push(d));
});
afterEach(() => stop());

const read = (value: unknown) => conform('site_c', Page, value, 'a page', 200);

describe('tolerant reader', () => {
  it('reads a complete answer without drift', () => {
    // Act
    const page = read({ total: 1, reviews: [{ id: 1, rating: 5, helpfulVotes: 2, photos: [] }] });
    // Assess
    expect(page.reviews).toEqual([{ id: 1, rating: 5, helpfulVotes: 2, photos: [] }]);
    expect(drift).toEqual([]);
  });

  it('counts an absent optional field once per record, by path', () => {
    // Act
    const page = read({
      total: 2,
      reviews: [
        { id: 1, rating: 5 },
        { id: 2, rating: 4, photos: [] },
      ],
    });
    // Assess
    expect(page.reviews.map((r) => r.helpfulVotes)).toEqual([undefined, undefined]);
    expect(drift).toEqual([
      { provider: 'site_c', kind: 'missing', field: 'reviews[].helpfulVotes', count: 2 },
      { provider: 'site_c', kind: 'missing', field: 'reviews[].photos', count: 1 },
    ]);
  });

  it('skips placeholders and entries without their identity, and counts them', () => {
    // Act
    const page = read({
      total: 3,
      reviews: [
        null,
        { __typename: 'Sentinel' },
        { rating: 3, photos: [] },
        { id: 4, rating: 2, photos: [] },
      ],
    });
    // Assess
    expect(page.reviews.map((r) => r.id)).toEqual([4]);
    expect(drift).toEqual([
      { provider: 'site_c', kind: 'missing', field: 'reviews[].helpfulVotes', count: 1 },
      { provider: 'site_c', kind: 'skipped', field: 'reviews[]', count: 3 },
    ]);
  });

  it('reads a null as the field left out: a required one skips its entry, an optional one is counted missing', () => {
    // Act
    const page = read({
      total: 3,
      reviews: [
        { id: null, rating: 3 },
        { id: 2, rating: null },
        { id: 3, rating: 4, helpfulVotes: null, photos: null },
      ],
    });
    // Assess
    expect(page.reviews).toEqual([{ id: 3, rating: 4, photos: [] }]);
    expect(drift).toEqual([
      { provider: 'site_c', kind: 'missing', field: 'reviews[].helpfulVotes', count: 1 },
      { provider: 'site_c', kind: 'missing', field: 'reviews[].photos', count: 1 },
      { provider: 'site_c', kind: 'skipped', field: 'reviews[]', count: 2 },
    ]);
  });

  it('keeps an entry whose optional part lacks a field it requires, that part read as absent and counted', () => {
    // Prepare: an optional place whose latitude went missing or null, and a required one that did
    const Hotel = z.looseObject({
      id: z.string(),
      gps: z.looseObject({ lat: z.number(), lng: z.number() }).optional(),
      name: z.looseObject({ text: z.string() }),
    });
    const Hotels = tolerant('chain_b', z.looseObject({ hits: z.array(Hotel), gps: Hotel.shape.gps }));
    const answer = {
      gps: { lat: null, lng: 2 },
      hits: [
        { id: 'A', gps: { lat: null, lng: 2 }, name: { text: 'a' } },
        { id: 'B', gps: { lng: 2 }, name: { text: 'b' } },
        { id: 'C', gps: { lat: 1, lng: 2 }, name: { text: null } },
        { id: 'D', gps: { lat: 1, lng: 2 }, name: { text: 'd' } },
      ],
    };
    // Act
    const read = conform('chain_b', Hotels, answer, 'hits', 200);
    // Assess: A and B kept without their place; C lacks a required part, and is skipped
    expect(read.hits.map((h) => [h.id, h.gps])).toEqual([
      ['A', undefined],
      ['B', undefined],
      ['D', { lat: 1, lng: 2 }],
    ]);
    expect(read.gps).toBeUndefined();
    expect(answer.hits[0]!.gps).toEqual({ lat: null, lng: 2 });
    expect(drift).toEqual([
      { provider: 'chain_b', kind: 'missing', field: 'hits[].gps', count: 2 },
      { provider: 'chain_b', kind: 'skipped', field: 'hits[]', count: 1 },
      { provider: 'chain_b', kind: 'missing', field: 'gps', count: 1 },
    ]);
  });

  it('still fails an optional part that is present but of the wrong type', () => {
    // Prepare
    const Hotels = tolerant(
      'chain_b',
      z.looseObject({
        hits: z.array(z.looseObject({ id: z.string(), gps: z.looseObject({ lat: z.number() }).optional() })),
      }),
    );
    // Act, Assess
    expect(() =>
      conform('chain_b', Hotels, { hits: [{ id: 'A', gps: { lat: 'north' } }] }, 'hits', 200),
    ).toThrow(ExtractionError);
  });

  it('keeps a null where the schema takes one, without counting it', () => {
    // Prepare
    const Scored = tolerant(
      'chain_b',
      z.looseObject({ reviews: z.array(z.looseObject({ id: z.number(), score: z.number().nullish() })) }),
    );
    // Act
    const page = conform('chain_b', Scored, { reviews: [{ id: 1, score: null }] }, 'reviews', 200);
    // Assess
    expect(page.reviews).toEqual([{ id: 1, score: null }]);
    expect(drift).toEqual([]);
  });

  it('fails an answer whose required field outside any list is null', () => {
    // Act, Assess
    expect(() => read({ total: null, reviews: [] })).toThrow(/total/);
  });

  it('fails a list in which no entry is usable: the format changed', () => {
    // Act, Assess
    expect(() => read({ total: 2, reviews: [{ rating: 3 }, { rating: 4 }] })).toThrow(ExtractionError);
    expect(() => read({ total: 2, reviews: [{ rating: 3 }] })).toThrow(/reviews\.0\.id/);
    expect(drift).toEqual([]);
  });

  it('fails a field that is present but of the wrong type, never defaulting it', () => {
    // Act, Assess
    expect(() => read({ total: 1, reviews: [{ id: 1, rating: 5, helpfulVotes: 'many' }] })).toThrow(
      /helpfulVotes/,
    );
    expect(() =>
      read({
        total: 1,
        reviews: [
          { id: '1', rating: 5 },
          { id: 2, rating: 5 },
        ],
      }),
    ).toThrow(ExtractionError);
  });

  it('skips an entry that lacks a required field typed as a union, and fails one where it is of neither type', () => {
    // Prepare: an id the source sends as a number or as digits
    const Places = tolerant(
      'site_a',
      z.looseObject({
        items: z.array(z.looseObject({ id: z.union([z.number(), z.string()]), n: z.number() })),
      }),
    );
    const places = (value: unknown) => conform('site_a', Places, value, 'places', 200);
    // Act
    const kept = places({ items: [{ id: 1, n: 1 }, { n: 2 }, { id: '3', n: 3 }] });
    // Assess
    expect(kept.items.map((i) => i.id)).toEqual([1, '3']);
    expect(drift).toEqual([{ provider: 'site_a', kind: 'skipped', field: 'items[]', count: 1 }]);
    expect(() =>
      places({
        items: [
          { id: 1, n: 1 },
          { id: true, n: 2 },
        ],
      }),
    ).toThrow(ExtractionError);
  });

  it('fails an answer without a required field outside any list', () => {
    // Act, Assess
    expect(() => read({ reviews: [] })).toThrow(/total/);
  });

  it('keeps unknown fields out of the way', () => {
    // Act
    const page = read({ total: 0, reviews: [], added: { x: 1 } });
    // Assess
    expect(page.total).toBe(0);
  });

  it('names every field of its schema with whether a record may lack it', () => {
    // Act
    const fields = fieldsOf(readerSchema(Page)!);
    // Assess
    expect(fields).toEqual([
      { path: 'total', optional: false },
      { path: 'reviews', optional: false, list: true },
      { path: 'reviews[].id', optional: false },
      { path: 'reviews[].rating', optional: false },
      { path: 'reviews[].helpfulVotes', optional: true },
      { path: 'reviews[].photos', optional: true, list: true },
      { path: 'reviews[].photos[].url', optional: false },
    ]);
    expect(isPlaceholder({ __typename: 'X' })).toBe(true);
    expect(isPlaceholder({ __typename: 'X', id: 1 })).toBe(false);
  });
});

describe('a GraphQL answer', () => {
  const Answer = tolerant(
    'chain_b',
    dataOrRefusal('hotel', z.looseObject({ name: z.string(), stars: z.number().optional() })),
    'the hotel',
  );

  it('counts no errors missing beside its data (their absence is the normal answer), and a field it lacks', () => {
    // Act
    const answer = conform('chain_b', Answer, { data: { hotel: { name: 'Lindenhof' } } }, 'the hotel', 200);
    // Assess
    expect(answer.data?.hotel).toEqual({ name: 'Lindenhof' });
    expect(drift).toEqual([{ provider: 'chain_b', kind: 'missing', field: 'data.hotel.stars', count: 1 }]);
  });

  it('reads errors beside its data when they are there', () => {
    // Act
    const answer = conform(
      'chain_b',
      Answer,
      {
        data: { hotel: { name: 'Lindenhof', stars: 4 } },
        errors: [{ message: 'partial', extensions: { code: 'PARTIAL' } }],
      },
      'the hotel',
      200,
    );
    // Assess
    expect(answer.errors).toEqual([{ message: 'partial', extensions: { code: 'PARTIAL' } }]);
    expect(drift).toEqual([]);
  });
});

describe('drift metrics', () => {
  const emitted = captureEmf();

  it('emits FieldsMissing for the absent field and EntriesSkipped for the skipped entry, per provider', () => {
    // Act
    read({ total: 1, reviews: [{ id: 1, rating: 5, photos: [] }, null] });
    // Assess
    const metrics = emitted().map((m) => ({
      name: m.name,
      provider: m.fields.provider,
      field: m.fields.field,
      value: m.value,
    }));
    expect(metrics).toEqual([
      { name: 'AnswersRead', provider: 'site_c', field: undefined, value: 1 },
      { name: 'FieldsMissing', provider: 'site_c', field: 'reviews[].helpfulVotes', value: 1 },
      { name: 'Drift', provider: 'site_c', field: undefined, value: 1 },
      { name: 'EntriesSkipped', provider: 'site_c', field: 'reviews[]', value: 1 },
      { name: 'Drift', provider: 'site_c', field: undefined, value: 1 },
    ]);
  });
});
