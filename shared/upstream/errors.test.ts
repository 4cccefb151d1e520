import { describe, expect, it } from '@jest/globals';
import { UpstreamError } from './errors.ts';
import { ExtractionError, extractingAs } from '../extraction/errors.ts';

describe('extractingAs', () => {
  it("answers a call's lost structure with the code the call names, keeping what was lost", async () => {
    // Prepare
    const lost = new ExtractionError('site_b', 'the review list fails the contract', undefined, 200);

    // Act
    const error = await extractingAs('UPSTREAM_ERROR', () => Promise.reject(lost)).catch((e: unknown) => e);

    // Assess
    expect(error).toBeInstanceOf(ExtractionError);
    expect(error).toMatchObject({ code: 'UPSTREAM_ERROR', upstreamStatus: 200, message: lost.message });
    expect(lost.code).toBeUndefined();
  });

  it('keeps the code an inner call named, and lets other failures through as they are', async () => {
    const inner = () =>
      extractingAs('HOTEL_ID_NOT_FOUND', () => Promise.reject(new ExtractionError('x', 'y')));
    const failed = new UpstreamError('site_b', 'HTTP 500', 500);

    const named = await extractingAs('UPSTREAM_ERROR', inner).catch((e: unknown) => e);
    const passed = await extractingAs('UPSTREAM_ERROR', () => Promise.reject(failed)).catch(
      (e: unknown) => e,
    );

    expect(named).toMatchObject({ code: 'HOTEL_ID_NOT_FOUND' });
    expect(passed).toBe(failed);
  });
});
