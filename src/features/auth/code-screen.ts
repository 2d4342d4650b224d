/**
 * What /login and /registration hand to the code screen in the history entry: where to go back to
 * change the number, and the seconds until a new code may be asked for. What the code screen hands
 * back: the number, to be kept.
 */
type CodeScreenOrigin = '/login' | '/registration';

export interface ToCodeScreen {
  from: CodeScreenOrigin;
  resendAfterSeconds: number;
}

export interface BackFromCodeScreen {
  phone: string;
}

export function toCodeScreenOf(state: unknown): ToCodeScreen | null {
  if (typeof state !== 'object' || state === null) return null;
  const { from, resendAfterSeconds } = state as Partial<Record<keyof ToCodeScreen, unknown>>;
  if ((from !== '/login' && from !== '/registration') || typeof resendAfterSeconds !== 'number') return null;
  return { from, resendAfterSeconds };
}
