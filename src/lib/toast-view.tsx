/**
 * react-hot-toast wrapped once (SPEC §9): top right, light theme, a progress bar that runs out with
 * the toast, and the three kinds SPEC §8 uses. The library has neither a warning type nor a progress
 * bar, so all three are custom toasts rendered by `ToastCard`. Loaded by ./toasts on the first toast.
 */
import { toast, Toaster, type Toast } from 'react-hot-toast';
import { CloseButton } from '../components/close-button';
import { i18n } from '../i18n/i18n';
import './toasts.css';

const TOAST_DURATION_MS = 3000;

export type Tone = 'error' | 'warning' | 'success';

const ICONS: Record<Tone, string> = { error: '!', warning: '!', success: '✓' };

// The global i18n rather than useLingui: a toast's text is fixed in the language of the moment it
// was asked for, and the list may be mounted outside the I18nProvider.
function ToastCard({ item, tone, text }: { item: Toast; tone: Tone; text: string }) {
  return (
    <div
      className={`toast toast-${tone}`}
      data-visible={item.visible}
      role={tone === 'success' ? 'status' : 'alert'}
      aria-live={tone === 'success' ? 'polite' : 'assertive'}
    >
      <span className="toast-icon" aria-hidden="true">
        {ICONS[tone]}
      </span>
      <p className="toast-text">{text}</p>
      <CloseButton
        className="toast-close"
        label={i18n._('toast.dismiss')}
        onClick={() => toast.dismiss(item.id)}
      />
      <span
        className="toast-progress"
        aria-hidden="true"
        style={{ animationDuration: `${item.duration ?? TOAST_DURATION_MS}ms` }}
      />
    </div>
  );
}

export function showToast(tone: Tone, text: string): void {
  // The same message twice in a row shows one toast, not a stack of copies.
  toast.custom((item) => <ToastCard item={item} tone={tone} text={text} />, {
    id: `${tone}:${text}`,
    duration: TOAST_DURATION_MS,
  });
}

export function ToastList() {
  return <Toaster position="top-right" gutter={8} toastOptions={{ duration: TOAST_DURATION_MS }} />;
}
