// rental details and overview on a 2026-07 listing page (written fresh, invented values): its sections are
// type-name-only placeholders and the listing sits on `data.node`; the name is read from the calendar
// section's listingTitle, else the node's title, else its description's name, and the other fields are
// null where their section is a placeholder.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { pdpFromPage } from '../../shared/providers/rental/page.ts';
import { extractDetails } from '../../shared/providers/rental/extract-details.ts';
import { extractOverview } from '../../shared/providers/rental/extract-overview.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';

const page = readFileSync(new URL('../fixtures/rental/listing-page-node.html', import.meta.url), 'utf8');
const SCRIPT = /(<script id="data-deferred-state-0"[^>]*>)([\s\S]*?)(<\/script>)/;

interface Result {
  data: {
    presentation: {
      stayProductDetailPage: { sections: { sections: { section: Record<string, unknown> }[] } };
    };
    node: { pdpPresentation?: unknown; description?: unknown };
  };
}
/** The fixture page with its sections result changed by `edit`. */
function pageWith(edit: (result: Result) => void): string {
  const [, open, json, close] = SCRIPT.exec(page)!;
  const state = JSON.parse(json!) as { niobeClientData: [string, Result][] };
  edit(state.niobeClientData[0]![1]);
  return page.replace(SCRIPT, `${open}${JSON.stringify(state)}${close}`);
}
const calendarOf = (r: Result) => r.data.presentation.stayProductDetailPage.sections.sections[3]!.section;

describe('a 2026-07 listing page (placeholder sections, the listing on data.node)', () => {
  it('reads the details: the name from the calendar section, the rest from the share card, null elsewhere', () => {
    // Act
    const details = extractDetails(pdpFromPage(page));
    // Assess
    expect(details).toEqual({
      title: 'Lantern Loft by the Lorvane Docks',
      image_url: null,
      rating: '4.71 (57)',
      rating_count: 57,
      badge: null,
      host_name: null,
      max_guests: 3,
      children_allowed: null,
      infants_allowed: null,
      pets_allowed: null,
    });
  });

  it('reads the overview: the name, the capacity, nothing the placeholders hold', () => {
    expect(extractOverview(pdpFromPage(page))).toEqual({
      title: 'Lantern Loft by the Lorvane Docks',
      description: null,
      guests: 3,
      bedrooms: null,
      beds: null,
      baths: null,
      raw_items: [],
      room_arrangements: null,
    });
  });

  it("falls back to the node's title, then to its description's name", () => {
    // Prepare
    const noCalendarName = pageWith((r) => {
      delete calendarOf(r).listingTitle;
      (
        r.data.node as { pdpPresentation: { title: { content: { localizedString: string } } } }
      ).pdpPresentation.title.content.localizedString = 'Lantern Loft (title)';
    });
    const descriptionOnly = pageWith((r) => {
      delete calendarOf(r).listingTitle;
      delete r.data.node.pdpPresentation;
    });
    // Act and Assess
    expect(extractDetails(pdpFromPage(noCalendarName)).title).toBe('Lantern Loft (title)');
    expect(extractOverview(pdpFromPage(descriptionOnly)).title).toBe('Lantern Loft by the Lorvane Docks');
  });

  it('fails as the extraction error when nothing names the listing', () => {
    // Prepare
    const nameless = pageWith((r) => {
      delete calendarOf(r).listingTitle;
      delete r.data.node.pdpPresentation;
      delete r.data.node.description;
    });
    // Act and Assess
    expect(() => extractDetails(pdpFromPage(nameless))).toThrow(ExtractionError);
    expect(() => extractOverview(pdpFromPage(nameless))).toThrow('no other name');
  });
});
