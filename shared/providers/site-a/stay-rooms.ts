/**
 * A site_a hotel's rooms for a stay, as the rooms route reads them: its page asked with the stay, read as
 * far as its Apollo cache (the site renders its state after the page's content: the env block and the room
 * table come before it; an assumption, no dated page has been captured). Apart from the facade (index.ts) so that only this
 * function's bundle loads JSON5, which the `booking.env` rooms literal needs.
 */
import { conform } from '../../extraction/conform.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { readHotelPage } from './hotel-page.ts';
import { hotelRefById } from './lookup.ts';
import { knownRefs } from './known.ts';
import { hotelPageIn, type PageStay } from './requests.ts';
import { imageBase } from './urls.ts';
import { log } from '../../log.ts';
import { recordMissing } from '../../extraction/tolerant.ts';
import {
  CARRIERS,
  EnvRooms,
  RoomCatalogue,
  roomsOf,
  roomsPageOf,
  TableRows,
  type ReadRooms,
  type RoomsAsked,
  type RoomsPage,
} from './rooms.ts';

/**
 * Records which carrier answered: logged, and each more structured carrier the page lacks counted as a
 * field missing, so that pages losing one show in the drift metric.
 * @example recordCarrier({ carrier: 'hprt-table', carriers: ['hprt-table'] }) // FieldsMissing for roomAvBlocks and b_rooms_available_and_soldout
 */
export function recordCarrier({ carrier, carriers }: Pick<ReadRooms, 'carrier' | 'carriers'>): void {
  log('info', 'site_a rooms carrier', { provider: 'site_a', carrier: carrier ?? 'none' });
  for (const c of CARRIERS) {
    if (c === carrier) break;
    if (!carriers.includes(c)) recordMissing('site_a', `rooms carrier ${c}`, 'the dated hotel page');
  }
}

/** A dated page's parts read by their tolerant schemas, then its rooms. */
function readRooms(page: RoomsPage, asked: RoomsAsked): ReadRooms {
  return roomsOf(
    {
      catalogue:
        page.catalogue === undefined
          ? undefined
          : conform('site_a', RoomCatalogue, page.catalogue, 'the room table'),
      env: page.env === undefined ? undefined : conform('site_a', EnvRooms, page.env, 'the rooms literal'),
      table:
        page.table === undefined
          ? undefined
          : conform('site_a', TableRows, page.table, 'the room table rows'),
      tableNights: page.tableNights,
      noAvailability: page.noAvailability,
    },
    asked,
  );
}

/**
 * A hotel's rooms and blocks for a stay, from its page asked with the stay; undefined when site_a has no
 * such hotel. A render with no rooms at all (an empty shell, about one in six: AeternaLabsHQ/pullmd issue
 * #40) is asked once more with `nocache=1`; twice empty, the page is not one the research knows.
 * @example await hotelRooms(ctx, '1007790', { checkIn: '2027-06-10', checkOut: '2027-06-13', adults: 2, rooms: 1, childrenAges: [], currency: 'EUR' }, 'en-us')
 */
export async function hotelRooms(
  ctx: UpstreamContext,
  hotelId: string,
  stay: PageStay,
  language: string,
  nights: number,
): Promise<ReadRooms | undefined> {
  const ref = await hotelRefById(ctx, hotelId);
  if (!ref) return undefined;
  const asked = { nights, rooms: stay.rooms, currency: stay.currency, imageBase: imageBase() };
  let rooms: ReadRooms | undefined;
  for (const nocache of [false, true]) {
    const page = await readHotelPage(
      ctx,
      hotelPageIn(ref, language, stay, nocache),
      roomsPageOf,
      'rooms page',
    );
    if (!page || (page.hotelId !== undefined && page.hotelId !== hotelId)) return undefined;
    rooms = readRooms(page, asked);
    if (rooms.carrier || rooms.soldOut) break;
  }
  if (!rooms?.carrier && !rooms?.soldOut)
    throw new ExtractionError(
      'site_a',
      'the dated hotel page carries no rooms, asked twice (an empty shell)',
    );
  recordCarrier(rooms);
  knownRefs.set(hotelId, ref);
  return rooms;
}
