/**
 * Pure readers of dining's restaurant profile page (research §16 dining, details and menu): its state is
 * `windowVariables.__INITIAL_STATE__` in the `primary-window-vars` script (or a `window.__INITIAL_STATE__ = {…};`
 * literal), and under it `restaurantProfile{restaurant, menus, reviewsData}`. The page is read once and
 * what the routes need is kept (`profileOf`); the details and the menus are then read from it, each by the
 * tolerant rule: the restaurant's id and name identify it, everything else may be absent and is null or
 * [], never a default that reads as a fact (a flag nobody stated is not `false`).
 */
import * as z from 'zod';
import { conform } from '../../extraction/conform.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { scriptText } from '../../extraction/script-json.ts';
import { recordMissing, tolerant } from '../../extraction/tolerant.ts';
import { RestaurantAddress } from './extract.ts';
import { absoluteUrl, isRecord, shownText } from '../../extraction/values.ts';

const Text = z.string();
const Rating = z.looseObject({
  rating: z.number().min(0).max(5).nullish(),
  count: z.number().int().min(0).nullish(),
});
const Count = z.number().int().min(0);

/** The profile's restaurant: its id and name identify it; the rest may be absent. */
export const ProfileRestaurant = z.looseObject({
  restaurantId: z.number().int().positive(),
  name: Text.min(1),
  type: Text.nullish(),
  primaryCuisine: z.looseObject({ name: Text.nullish() }).nullish(),
  cuisines: z.array(z.looseObject({ name: Text.min(1) })).nullish(),
  priceBand: z.looseObject({ priceBandId: z.number().int().nullish() }).nullish(),
  neighborhood: z.looseObject({ name: Text.nullish() }).nullish(),
  diningStyle: Text.nullish(),
  dressCode: Text.nullish(),
  description: Text.nullish(),
  executiveChef: Text.nullish(),
  hoursOfOperation: Text.nullish(),
  parkingDetails: Text.nullish(),
  website: Text.nullish(),
  paymentOptions: z.array(Text).nullish(),
  address: RestaurantAddress.extend({ country: Text.nullish() }).nullish(),
  contactInformation: z
    .looseObject({ phoneNumber: Text.nullish(), formattedPhoneNumber: Text.nullish() })
    .nullish(),
  coordinates: z
    .looseObject({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
    .nullish(),
  features: z
    .looseObject({
      bar: z.boolean().nullish(),
      outdoor: z.boolean().nullish(),
      permanentlyClosed: z.boolean().nullish(),
      reservationMaxPartySize: z.number().int().positive().nullish(),
    })
    .nullish(),
  statistics: z
    .looseObject({
      reviews: z
        .looseObject({
          ratings: z
            .looseObject({
              count: Count.nullish(),
              overall: Rating.nullish(),
              food: Rating.nullish(),
              service: Rating.nullish(),
              ambience: Rating.nullish(),
              value: Rating.nullish(),
              overallRatingsDistribution: z
                .looseObject({
                  one: Count.nullish(),
                  two: Count.nullish(),
                  three: Count.nullish(),
                  four: Count.nullish(),
                  five: Count.nullish(),
                })
                .nullish(),
            })
            .nullish(),
        })
        .nullish(),
    })
    .nullish(),
  photos: z.looseObject({ profile: z.looseObject({ url: Text.nullish() }).nullish() }).nullish(),
  privateDining: z.looseObject({ hasPrivateDining: z.boolean().nullish() }).nullish(),
  hasTakeout: z.boolean().nullish(),
});
export type ProfileRestaurant = z.output<typeof ProfileRestaurant>;

/** The profile state as the details read it. */
export const ProfileState = tolerant(
  'dining',
  z.looseObject({ restaurantProfile: z.looseObject({ restaurant: ProfileRestaurant }) }),
  'the profile page state',
);

const Price = Text.nullish();
const MenuItem = z.looseObject({
  // An item is its name.
  title: Text.min(1),
  description: Text.nullish(),
  price: Price,
  variationGroups: z
    .array(z.looseObject({ items: z.array(z.looseObject({ title: Text.min(1), price: Price })) }))
    .nullish(),
});
const MenuSection = z.looseObject({
  title: Text.nullish(),
  description: Text.nullish(),
  items: z.array(MenuItem),
});
const Menu = z.looseObject({
  title: Text.nullish(),
  description: Text.nullish(),
  currency: z
    .looseObject({
      code: z
        .string()
        .regex(/^[A-Z]{3}$/)
        .nullish(),
    })
    .nullish(),
  updated: Text.nullish(),
  sections: z.array(MenuSection),
});

/** The profile state as the menu reads it: structured menus, an external menu's link, or neither. */
export const MenuState = tolerant(
  'dining',
  z.looseObject({
    restaurantProfile: z.looseObject({
      menus: z
        .looseObject({
          menuData: z.array(Menu).nullish(),
          menuInfo: z
            .looseObject({ showThirdPartyMenu: z.boolean().nullish(), url: Text.nullish() })
            .nullish(),
        })
        .nullish(),
    }),
  }),
  'the menus',
);

/** What the routes keep of a profile page: the parts of its state they read, and the page's origin. */
export interface Profile {
  restaurantProfile: Record<string, unknown>;
}

/**
 * The page's `__INITIAL_STATE__`: from the `primary-window-vars` script, or the older assignment.
 * @example stateOf('<script id="primary-window-vars" type="application/json">{"windowVariables":{"__INITIAL_STATE__":{}}}</script>') // {}
 */
function stateOf(html: string, status?: number): unknown {
  const script = scriptText(html, 'primary-window-vars');
  if (script !== undefined) {
    let vars: unknown;
    try {
      vars = JSON.parse(script);
    } catch (cause) {
      throw new ExtractionError(
        'dining',
        'the primary-window-vars script of the profile page does not parse',
        cause,
        status,
      );
    }
    const state =
      isRecord(vars) && isRecord(vars.windowVariables) ? vars.windowVariables.__INITIAL_STATE__ : undefined;
    if (state !== undefined) return state;
  }
  // The older assignment: JSON as the value of `window.__INITIAL_STATE__ = …;`, up to the script's end (read
  // as JSON, not as JavaScript: no JSON5 in the bundle for a fallback).
  const at = /window\.__INITIAL_STATE__\s*=\s*/.exec(html);
  if (at) {
    const start = at.index + at[0].length;
    const close = html.indexOf('</script', start);
    const text = html.slice(start, close === -1 ? undefined : close);
    try {
      return JSON.parse(text.slice(0, text.lastIndexOf('}') + 1)) as unknown;
    } catch (cause) {
      throw new ExtractionError(
        'dining',
        'the __INITIAL_STATE__ of the profile page does not parse',
        cause,
        status,
      );
    }
  }
  throw new ExtractionError('dining', 'the profile page has no __INITIAL_STATE__', undefined, status);
}

/**
 * The profile page's state as kept: the `restaurantProfile` part, or an extraction error for a page without
 * it (a changed page, a challenge that came as 200). The details and menu routes read it in turn.
 * @example profileOf(html, 200).restaurantProfile.restaurant
 */
export function profileOf(html: string, status?: number): Profile {
  const state = stateOf(html, status);
  const profile = isRecord(state) ? state.restaurantProfile : undefined;
  if (!isRecord(profile))
    throw new ExtractionError('dining', 'the profile page state has no restaurantProfile', undefined, status);
  const { restaurant, menus, reviewsData, reviewSearchResults } = profile;
  return { restaurantProfile: { restaurant, menus, reviewsData, reviewSearchResults } };
}

/** A link made absolute; one sent that is no link (blank, or a bare word) is null, counted as missing at `field`. */
function linkOf(raw: string | null | undefined, field: string, what: string, origin: string): string | null {
  const link = absoluteUrl(raw, origin);
  if (link === null && typeof raw === 'string') recordMissing('dining', field, what);
  return link;
}

const R = 'restaurantProfile.restaurant';
const STATE = 'the profile page state';
const shown = (t: string | null | undefined, field: string) => shownText('dining', t, `${R}.${field}`, STATE);
const M = 'restaurantProfile.menus.menuData[]';
const menuText = (t: string | null | undefined, field: string) =>
  shownText('dining', t, `${M}.${field}`, 'the menus');
/** A rating of 1 to 5 as shown; 0 (the source's "not rated") or nothing is null. */
const stars = (r: { rating?: number | null } | null | undefined) =>
  r?.rating !== undefined && r.rating !== null && r.rating >= 1 ? r.rating : null;

/** What a profile's `type` says: GuestCenter takes reservations, Listing is information only. */
function bookableOf(type: string | null | undefined): boolean | null {
  if (type === 'GuestCenter') return true;
  if (type === 'Listing') return false;
  if (type !== undefined && type !== null)
    recordMissing('dining', 'restaurantProfile.restaurant.type', 'the profile page state');
  return null;
}

/**
 * The restaurant's details in the contract's shape. Hours are the source's free text; an info-only
 * listing's phone is null (the private-dining line is the reservation service's, not the restaurant's).
 * @example restaurantDetails(profile.restaurantProfile.restaurant, 'https://www.dining.test').bookable // true
 */
export function restaurantDetails(r: ProfileRestaurant, origin: string) {
  const a = r.address;
  const ratings = r.statistics?.reviews?.ratings;
  const overall = stars(ratings?.overall);
  const d = ratings?.overallRatingsDistribution;
  const band = r.priceBand?.priceBandId;
  const f = r.features;
  return {
    restaurant_id: r.restaurantId,
    name: r.name,
    bookable: bookableOf(r.type),
    cuisine: shown(r.primaryCuisine?.name, 'primaryCuisine.name'),
    cuisines: (r.cuisines ?? []).map((c) => c.name),
    price_band: band !== undefined && band !== null && band >= 1 && band <= 4 ? band : null,
    neighborhood: shown(r.neighborhood?.name, 'neighborhood.name'),
    address: {
      line1: shown(a?.line1, 'address.line1'),
      line2: shown(a?.line2, 'address.line2'),
      city: shown(a?.city, 'address.city'),
      state: shown(a?.state, 'address.state'),
      postal_code: shown(a?.postCode, 'address.postCode'),
      country: shown(a?.country, 'address.country'),
    },
    phone:
      shown(r.contactInformation?.formattedPhoneNumber, 'contactInformation.formattedPhoneNumber') ??
      shown(r.contactInformation?.phoneNumber, 'contactInformation.phoneNumber'),
    website: linkOf(r.website, `${R}.website`, STATE, origin),
    location: r.coordinates ? { latitude: r.coordinates.latitude, longitude: r.coordinates.longitude } : null,
    dining_style: shown(r.diningStyle, 'diningStyle'),
    dress_code: shown(r.dressCode, 'dressCode'),
    description: shown(r.description, 'description'),
    executive_chef: shown(r.executiveChef, 'executiveChef'),
    hours_text: shown(r.hoursOfOperation, 'hoursOfOperation'),
    parking: shown(r.parkingDetails, 'parkingDetails'),
    payment_options: (r.paymentOptions ?? []).filter((p) => p.trim()),
    features: {
      bar: f?.bar ?? null,
      outdoor: f?.outdoor ?? null,
      takeout: r.hasTakeout ?? null,
      private_dining: r.privateDining?.hasPrivateDining ?? null,
      permanently_closed: f?.permanentlyClosed ?? null,
    },
    // No overall rating and no count: the page shows no rating at all.
    rating:
      overall === null && !ratings?.count
        ? null
        : {
            overall,
            food: stars(ratings?.food),
            service: stars(ratings?.service),
            ambience: stars(ratings?.ambience),
            value: stars(ratings?.value),
            count: ratings?.count ?? null,
          },
    // A star the page leaves out is null, never 0; the others keep their counts.
    rating_distribution: d
      ? { 1: d.one ?? null, 2: d.two ?? null, 3: d.three ?? null, 4: d.four ?? null, 5: d.five ?? null }
      : null,
    max_party_size: f?.reservationMaxPartySize ?? null,
    photo_url: linkOf(r.photos?.profile?.url, `${R}.photos.profile.url`, STATE, origin),
    url: `${origin}/restaurant/profile/${r.restaurantId}`,
  };
}

/**
 * The details of a kept profile: a page whose restaurant has no id or name is an extraction error (a
 * details answer of nulls is never sent).
 * @example extractDetails(profile, 'https://www.dining.test').name // 'Olive Osteria'
 */
export function extractDetails(profile: Profile, origin: string) {
  const state = conform('dining', ProfileState, profile, 'the profile page state');
  return restaurantDetails(state.restaurantProfile.restaurant, origin);
}

/** A plain amount ("18.00", "18"), or null for anything else the source shows ("Market price", "$18+"). */
function amount(price: string | null | undefined): number | null {
  const value = price?.trim();
  return value && /^\d+(?:\.\d+)?$/.test(value) ? Number(value) : null;
}

/**
 * The menus of a kept profile: structured menus with their sections in the source's order (a section or
 * menu without items is left out, titled or not); only an external menu's link; or neither.
 * @example extractMenus(profile, 'https://www.dining.test') // { menus: [{ title: 'Dinner', … }], external_menu_url: null }
 */
export function extractMenus(profile: Profile, origin: string) {
  return menusOf(conform('dining', MenuState, profile, 'the menus'), origin);
}

/**
 * The menus of a profile state as read (MenuState), in the contract's shape.
 * @example menusOf(state, 'https://www.dining.test').external_menu_url // null
 */
export function menusOf(state: z.output<typeof MenuState>, origin: string) {
  const menus = state.restaurantProfile.menus;
  const read = (menus?.menuData ?? [])
    .map((m) => ({
      title: menuText(m.title, 'title'),
      description: menuText(m.description, 'description'),
      currency: m.currency?.code ?? null,
      updated_at: menuText(m.updated, 'updated'),
      sections: m.sections
        .map((s) => ({
          title: menuText(s.title, 'sections[].title'),
          description: menuText(s.description, 'sections[].description'),
          items: s.items.map((i) => ({
            name: i.title,
            description: menuText(i.description, 'sections[].items[].description'),
            price: amount(i.price),
            price_text: menuText(i.price, 'sections[].items[].price'),
            variations: (i.variationGroups ?? []).flatMap((g) =>
              g.items.map((v) => ({ name: v.title, price: amount(v.price) })),
            ),
          })),
        }))
        .filter((s) => s.items.length > 0),
    }))
    .filter((m) => m.sections.length > 0);
  return {
    menus: read,
    external_menu_url: linkOf(
      menus?.menuInfo?.url,
      'restaurantProfile.menus.menuInfo.url',
      'the menus',
      origin,
    ),
  };
}
