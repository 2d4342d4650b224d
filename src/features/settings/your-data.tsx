/** The user's rights under India's DPDP Act 2023: a copy of their data, and erasing the account. */
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { useOutletContext } from 'react-router-dom';
import { ButtonRow } from '../../components/button-row';
import { Modal } from '../../components/modal';
import { saveFile } from '../../lib/save-file';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { deleteMyAccount, exportMyData } from './api';

/** What this card uses of the signed-in shell's <Outlet context> (src/app/signed-in-area.tsx). */
interface ShellSignOut {
  /** Ends the session on this device; the guards then show /login. */
  signOut: () => Promise<void>;
}

const EXPORT_FILE_NAME = 'vahan-contact-data.json';

function saveAsFile(data: unknown): void {
  saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), EXPORT_FILE_NAME);
}

export function YourData() {
  const { i18n } = useLingui();
  const shell = useOutletContext<ShellSignOut | undefined>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function onDownload() {
    setBusy(true);
    try {
      saveAsFile(await exportMyData());
    } catch {
      notifyError(i18n._('settings.downloadFailed'));
    } finally {
      setBusy(false);
    }
  }

  async function onDelete() {
    setBusy(true);
    try {
      await deleteMyAccount();
    } catch {
      notifyError(i18n._('settings.deleteFailed'));
      setBusy(false);
      return;
    }
    notifySuccess(i18n._('settings.accountDeleted'));
    await shell?.signOut();
  }

  return (
    <section className="card settings your-data" aria-labelledby="your-data-title">
      <h2 id="your-data-title">{i18n._('settings.yourData')}</h2>
      <p className="muted">{i18n._('settings.yourDataIntro')}</p>
      <ActionPair
        busy={busy}
        action={{ label: i18n._('settings.downloadData'), onClick: () => void onDownload() }}
        danger={{ label: i18n._('settings.deleteAccount'), onClick: () => setConfirming(true) }}
      />
      {confirming && (
        <Modal title={i18n._('settings.deleteAccountTitle')} onClose={() => setConfirming(false)}>
          <p>{i18n._('settings.deleteAccountWarning')}</p>
          <ActionPair
            busy={busy}
            action={{ label: i18n._('settings.cancel'), onClick: () => setConfirming(false) }}
            danger={{ label: i18n._('settings.deleteAccountConfirm'), onClick: () => void onDelete() }}
          />
        </Modal>
      )}
    </section>
  );
}

interface Action {
  label: string;
  onClick: () => void;
}

/** A button and, beside it, the one that erases: both off while either is at work. */
function ActionPair({ busy, action, danger }: { busy: boolean; action: Action; danger: Action }) {
  return (
    <ButtonRow
      className="your-data-actions"
      disabled={busy}
      buttons={[
        { ...action, className: 'button' },
        { ...danger, className: 'button button-danger' },
      ]}
    />
  );
}
