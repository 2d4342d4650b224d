import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { offlineText } from '../lib/texts';
import { OfflineBanner } from './offline-banner';
import { WithTexts } from '../testing/with-texts';

describe('OfflineBanner', () => {
  it('says so plainly while the device is offline', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineBanner />, { wrapper: WithTexts });
    expect(screen.queryByText(offlineText())).not.toBeInTheDocument();
    online.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByText(offlineText())).toBeInTheDocument();
  });
});
