import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OFFLINE_TEXT } from '../lib/texts';
import { OfflineBanner } from './offline-banner';

describe('OfflineBanner', () => {
  it('says so plainly while the device is offline', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineBanner />);
    expect(screen.queryByText(OFFLINE_TEXT)).not.toBeInTheDocument();
    online.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByText(OFFLINE_TEXT)).toBeInTheDocument();
  });
});
