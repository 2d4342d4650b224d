import { describe, expect, it } from 'vitest';
import type { PublicCard } from '#common/card-api';
import { textsFor } from '../../../i18n/texts';
import { callCodeView, cardView } from './card-views';

const i18n = textsFor('en');
const card: PublicCard = {
  vehicleType: 'Four',
  maskedNumber: 'KL 07 ** ****',
  paused: false,
  callAvailable: true,
};

/** The opening tag of the input named `name`, as one line. */
function box(markup: string, name: string): string {
  return (new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(markup)?.[0] ?? '').replace(/\s+/g, ' ');
}

describe('the digits boxes of the card pages', () => {
  it('are required numeric boxes, each named by its label through the id that is also its field name', () => {
    const page =
      cardView(i18n, 'en', 'code1', card).markup +
      callCodeView(i18n, 'en', 'code1', card, '9876501234').markup;
    for (const [name, label] of [
      ['plateLast4', 'Last 4 digits of the number plate'],
      ['phone', 'Your mobile number'],
      ['otp', 'The 6-digit code sent to your phone'],
    ] as const) {
      expect(page).toContain(`<label for="${name}">${label}</label>`);
      expect(box(page, name)).toMatch(
        new RegExp(`^<input id="${name}" name="${name}" .*inputmode="numeric" required`),
      );
    }
  });

  it('keep each box its own limits, and describe the plate box by its hint', () => {
    const page = cardView(i18n, 'en', 'code1', card, { form: { plateLast4: '12"4' } }).markup;
    const plate = box(page, 'plateLast4');
    expect(plate).toContain('aria-describedby="plateWhy"');
    expect(plate).toContain(
      'pattern="[0-9]{4}" maxlength="4" minlength="4" autocomplete="off" value="12&quot;4"',
    );
    expect(page).toMatch(/<\/label>\s*<p class="hint" id="plateWhy">Why we ask/);
    expect(box(page, 'phone')).toContain('type="tel" maxlength="20" autocomplete="tel"');
    expect(box(page, 'phone')).not.toContain('aria-describedby');
    const code = box(callCodeView(i18n, 'en', 'code1', card, '9876501234').markup, 'otp');
    expect(code).toContain('pattern="[0-9]{6}" maxlength="6" autocomplete="one-time-code"');
  });
});
