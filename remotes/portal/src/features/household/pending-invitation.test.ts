import { beforeEach, describe, expect, it } from 'vitest';
import {
  forgetPendingInvitation,
  keepPendingInvitation,
  readPendingInvitation,
  tokenInFragment,
} from './pending-invitation.ts';

describe('the token of an invitation’s link', () => {
  it('is the fragment of the address', () => {
    expect(tokenInFragment('#3f2a9c')).toBe('3f2a9c');
    expect(tokenInFragment('#3f%2D2a')).toBe('3f-2a');
  });

  it('is none in an empty fragment, an auth answer, or a garbled one', () => {
    expect(tokenInFragment('')).toBeNull();
    expect(tokenInFragment('#')).toBeNull();
    expect(tokenInFragment('#access_token=abc&type=signup')).toBeNull();
    expect(tokenInFragment('#error=access_denied')).toBeNull();
    expect(tokenInFragment('#%E0%A4%A')).toBeNull();
    expect(tokenInFragment(`#${'a'.repeat(300)}`)).toBeNull();
  });
});

describe('the pending invitation kept in this browser', () => {
  beforeEach(() => localStorage.clear());

  it('is kept until forgotten', () => {
    keepPendingInvitation('abc', 1_000);
    expect(readPendingInvitation(2_000)).toBe('abc');
    forgetPendingInvitation();
    expect(readPendingInvitation(2_000)).toBeNull();
  });

  it('is of no use once older than an invitation lives (14 days)', () => {
    const day = 24 * 60 * 60 * 1000;
    keepPendingInvitation('abc', 0);
    expect(readPendingInvitation(14 * day)).toBe('abc');
    expect(readPendingInvitation(14 * day + 1)).toBeNull();
  });

  it('reads nothing from what it did not write', () => {
    localStorage.setItem('pending_invitation', 'not json');
    expect(readPendingInvitation()).toBeNull();
    localStorage.setItem('pending_invitation', JSON.stringify({ token: 1, keptAt: 0 }));
    expect(readPendingInvitation(0)).toBeNull();
  });
});
