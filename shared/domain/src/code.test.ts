import { describe, expect, it } from 'vitest';
import { medalDisplayCode, normalizeCode } from './code.ts';

describe('normalizeCode', () => {
  it('upper-cases and trims a valid code', () => {
    expect(normalizeCode('  mdl-ab12-x ')).toBe('MDL-AB12-X');
    expect(normalizeCode('MDL-456')).toBe('MDL-456');
  });
  it('rejects anything that is not MDL- followed by letters, digits or hyphens', () => {
    for (const raw of ['', 'MDL-', 'ABC-123', 'MDL_123', 'MDL-12 3', 'MDL-12/3', 'MDL-É1', 'xMDL-1', null, undefined]) {
      expect(normalizeCode(raw)).toBeNull();
    }
  });
});

describe('medalDisplayCode', () => {
  it('is MDL- and the last 3 characters of the animal id, upper-cased', () => {
    expect(medalDisplayCode('5f0c2e1a-93b4-4c1e-a7de-0000000abc9f')).toBe('MDL-C9F');
  });
});
