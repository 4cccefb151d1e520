// The key hash is what every stored key item is named by: it must stay SHA-256 of the key's UTF-8 bytes, in hex.
import { describe, expect, it } from '@jest/globals';
import { hashKey } from './hash.ts';

describe('hashKey', () => {
  it('is the SHA-256 hex digest of the key as UTF-8, the form stored key items are named by', () => {
    expect(hashKey('secret')).toBe('2bb80d537b1da3e38bd30361aa855686bde0eacd7162fef6a25fe97bf527a25b');
    expect(hashKey('clé-ü')).toBe('fd42634613344938d8850b91fc53db13900a1f32eb3f41f0b2d41158ee25ef9f');
  });
});
