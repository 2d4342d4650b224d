/**
 * What /login and /registration hand to the code screen in the history entry: where to go back to
 * change the number, and the seconds until a new code may be asked for. What the code screen hands
 * back: the number, to be kept.
 */
export type CodeScreenOrigin = '/login' | '/registration';

export interface ToCodeScreen {
  from: CodeScreenOrigin;
  resendAfterSeconds: number;
}

export interface BackFromCodeScreen {
  phone: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function toCodeScreenOf(state: unknown): ToCodeScreen | null {
  if (!isRecord(state)) return null;
  const { from, resendAfterSeconds } = state;
  if ((from !== '/login' && from !== '/registration') || typeof resendAfterSeconds !== 'number') return null;
  return { from, resendAfterSeconds };
}

/** The number the code screen gave back, to fill the phone box with. */
export function keptPhoneOf(state: unknown): string {
  return isRecord(state) && typeof state.phone === 'string' ? state.phone : '';
}
