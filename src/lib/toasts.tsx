/**
 * react-hot-toast wrapped once (SPEC §9): top right, 3000 ms, light theme, a progress bar that
 * runs out with the toast, and the three kinds SPEC §8 uses. The library has neither a warning
 * type nor a progress bar, so all three are custom toasts rendered by `ToastCard`.
 */
import { toast, Toaster, type Toast } from 'react-hot-toast';
import './toasts.css';

export const TOAST_DURATION_MS = 3000;

type Tone = 'error' | 'warning' | 'success';

const ICONS: Record<Tone, string> = { error: '!', warning: '!', success: '✓' };

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
      <button
        type="button"
        className="toast-close"
        aria-label="Dismiss"
        onClick={() => toast.dismiss(item.id)}
      >
        ×
      </button>
      <span
        className="toast-progress"
        aria-hidden="true"
        style={{ animationDuration: `${item.duration ?? TOAST_DURATION_MS}ms` }}
      />
    </div>
  );
}

function show(tone: Tone, text: string): string {
  // The same message twice in a row shows one toast, not a stack of copies.
  return toast.custom((item) => <ToastCard item={item} tone={tone} text={text} />, {
    id: `${tone}:${text}`,
    duration: TOAST_DURATION_MS,
  });
}

export function notifyError(text: string): string {
  return show('error', text);
}

export function notifyWarning(text: string): string {
  return show('warning', text);
}

export function notifySuccess(text: string): string {
  return show('success', text);
}

export function AppToaster() {
  return <Toaster position="top-right" gutter={8} toastOptions={{ duration: TOAST_DURATION_MS }} />;
}
