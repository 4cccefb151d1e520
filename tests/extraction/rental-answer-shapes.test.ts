// rental's sections payload read by shape, so that drift counts only what the shape should carry
// (real-sources §15): a normal page counts no `errors` (a refusal's), no `sbuiData` (a placeholder page's)
// and no section component type (which real pages leave out), while a field the page should carry is
// still counted when it goes missing. Answers written fresh, invented values.
import { describe, expect, it } from '@jest/globals';
import { conform } from '../../shared/extraction/conform.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { PdpAnswer, sectionData, sectionsRefusal } from '../../shared/providers/rental/extract.ts';
import { extractOverview } from '../../shared/providers/rental/extract-overview.ts';
import { pdpFromPage } from '../../shared/providers/rental/page.ts';
import { UpstreamError } from '../../shared/upstream/errors.ts';
import { withDrift } from '../helpers/fixtures.ts';

const SECTIONS = 'data.presentation.stayProductDetailPage.sections';

/** The fields a read counted missing. */
const missing = (act: () => unknown) =>
  withDrift(act)
    .drift.filter((d) => d.kind === 'missing')
    .map((d) => d.field)
    .sort();

const title = {
  sectionId: 'TITLE_DEFAULT',
  section: { __typename: 'PdpTitleSection', title: 'Birch cabin by Lake Osk' },
};
const rules = {
  sectionId: 'POLICIES_DEFAULT',
  section: { __typename: 'PoliciesSection', houseRules: [{ title: '5 guests maximum' }] },
};

/** A normal page's payload as the source sends it: no errors, no sbuiData, no component types. */
const normalAnswer = () => ({
  data: {
    presentation: {
      __typename: 'RootPresentationContainer',
      stayProductDetailPage: {
        __typename: 'StayProductDetailPage',
        sections: {
          __typename: 'StaysPdpSections',
          metadata: {
            sharingConfig: {
              title: 'Cabin in Osk · ★4.91 · 2 bedrooms',
              imageUrl: 'https://img.rental.test/im/pictures/cabin-7781.jpeg',
              personCapacity: 5,
              starRating: 4.91,
              reviewCount: 58,
            },
          },
          sections: [title, rules],
        },
      },
    },
  },
  extensions: { traceId: 'c0ffee42' },
});

/** A listing page holding `result` among its deferred state's queries. */
const listingPage = (result: unknown) =>
  `<html><body><script id="data-deferred-state-0" type="application/json">${JSON.stringify({
    niobeClientData: [['StaysPdpSections:{"id":"U3RheUxpc3Rpbmc6Nzc4MQ=="}', result]],
  })}</script></body></html>`;

describe('sections payload', () => {
  it('counts no errors, sbuiData or component type missing on a normal page', () => {
    // Act
    const fields = [
      ...missing(() => conform('rental', PdpAnswer, normalAnswer(), 'x')),
      ...missing(() => pdpFromPage(listingPage(normalAnswer()))),
    ];
    // Assess
    expect(fields).toEqual([]);
  });

  it('still counts a field of the page that goes missing', () => {
    // Prepare
    const answer = normalAnswer();
    delete (
      answer.data.presentation.stayProductDetailPage.sections.metadata.sharingConfig as { imageUrl?: string }
    ).imageUrl;
    // Act
    const fields = missing(() => conform('rental', PdpAnswer, answer, 'x'));
    // Assess
    expect(fields).toEqual([`${SECTIONS}.metadata.sharingConfig.imageUrl`]);
  });

  it('counts no sbuiData missing on a page with placeholders, and reads them through to it', () => {
    // Prepare
    const answer = normalAnswer();
    const page = answer.data.presentation.stayProductDetailPage.sections as Record<string, unknown>;
    page.sections = [
      title,
      { sectionId: 'POLICIES_DEFAULT', section: { __typename: 'SBUISentinelSection' } },
    ];
    page.sbuiData = {
      sectionConfiguration: {
        root: { sections: [{ sectionId: 'POLICIES_DEFAULT', sectionData: rules.section }] },
      },
    };
    // Act
    let read: unknown;
    const fields = missing(() => {
      read = sectionData(pdpFromPage(listingPage(answer)), 'POLICIES_DEFAULT');
    });
    // Assess
    expect(fields).toEqual([]);
    expect(read).toEqual(rules.section);
  });

  it('still finds a section by its component type where the page gives one, and refuses one that is no text', () => {
    // Prepare
    const answer = normalAnswer();
    const page = answer.data.presentation.stayProductDetailPage.sections;
    page.sections = [
      title,
      { ...rules, sectionId: 'POLICIES_V3', sectionComponentType: 'POLICIES_DEFAULT' } as never,
    ];
    const wrong = structuredClone(answer);
    (
      wrong.data.presentation.stayProductDetailPage.sections.sections[1] as Record<string, unknown>
    ).sectionComponentType = 7;
    // Act
    const found = sectionData(pdpFromPage(listingPage(answer)), 'POLICIES_DEFAULT');
    // Assess
    expect(found).toEqual(rules.section);
    expect(() => sectionData(pdpFromPage(listingPage(wrong)), 'POLICIES_DEFAULT')).toThrow(ExtractionError);
  });
});

describe('errors, read apart from the page', () => {
  it('still refuses a page that comes with errors beside it', () => {
    // Prepare
    const answer = {
      ...normalAnswer(),
      errors: [{ message: 'Section BOOK_IT_SIDEBAR failed', path: ['x'] }],
    };
    // Act
    const refused = sectionsRefusal(conform('rental', PdpAnswer, answer, 'x'), 200, 'f'.repeat(64));
    // Assess
    expect(refused).toBeInstanceOf(UpstreamError);
    expect(refused!.message).toContain('Section BOOK_IT_SIDEBAR failed');
  });

  it('refuses errors that are no list, rather than reading them as none', () => {
    // Prepare
    const answer = { ...normalAnswer(), errors: 'Section BOOK_IT_SIDEBAR failed' };
    // Act and Assess: the sections API's answer, and a listing page's
    expect(() => conform('rental', PdpAnswer, answer, 'x')).toThrow(ExtractionError);
    expect(() => pdpFromPage(listingPage(answer))).toThrow(ExtractionError);
  });

  it('reads no errors on a normal page, counting none missing, and skips an entry without its message', () => {
    // Prepare
    const refusal = { errors: [{ message: 'PersistedQueryNotFound' }, { path: ['sections'] }], data: null };
    // Act
    const normal = withDrift(() => conform('rental', PdpAnswer, normalAnswer(), 'x'));
    const refused = withDrift(() => conform('rental', PdpAnswer, refusal, 'x'));
    // Assess
    expect(normal.value.errors).toBeUndefined();
    expect(normal.drift.filter((d) => d.field.startsWith('errors'))).toEqual([]);
    expect(refused.value.errors).toEqual([{ message: 'PersistedQueryNotFound' }]);
    expect(refused.drift).toContainEqual(
      expect.objectContaining({ kind: 'skipped', field: 'errors[]', count: 1 }),
    );
  });
});

describe('the overview, no longer hidden by the page noise', () => {
  it('reads a description sent blank as none, and counts it', () => {
    // Prepare
    const answer = normalAnswer();
    const page = answer.data.presentation.stayProductDetailPage.sections;
    page.sections = [
      title,
      {
        sectionId: 'DESCRIPTION_DEFAULT',
        section: { __typename: 'PdpDescriptionSection', htmlDescription: { htmlText: '' } },
      } as never,
    ];
    // Act
    const { value, drift } = withDrift(() => extractOverview(pdpFromPage(listingPage(answer))));
    // Assess
    expect(value.description).toBeNull();
    expect(drift).toContainEqual({
      provider: 'rental',
      kind: 'missing',
      field: 'htmlDescription.htmlText',
      count: 1,
    });
  });
});
