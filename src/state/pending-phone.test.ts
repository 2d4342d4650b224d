import { describe, expect, it } from 'vitest';
import { appStore } from '../lib/store';
import { pendingPhoneAtom, setPendingPhone, syncPendingPhoneFromStorage } from './pending-phone';

describe('pending phone', () => {
  it('survives a reload through sessionStorage', () => {
    setPendingPhone('9847012345');
    appStore.set(pendingPhoneAtom, null);
    syncPendingPhoneFromStorage();
    expect(appStore.get(pendingPhoneAtom)).toBe('9847012345');
  });

  it('clearing it removes the stored copy', () => {
    setPendingPhone('9847012345');
    setPendingPhone(null);
    syncPendingPhoneFromStorage();
    expect(appStore.get(pendingPhoneAtom)).toBeNull();
  });
});
