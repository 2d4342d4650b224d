/**
 * What a search miss still offers: how many people wait to reach the number (a count, never who), a
 * note that waits for its owner to join (a suggested text or a short one), and a wiper slip.
 */
import { useLingui } from '@lingui/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { LeftWaitingNote, WaitingNotePayload } from '#common/api';
import { NOTE_TEXT_MAX } from '#common/limits';
import { templateKeyOf } from '#common/message-templates';
import { Button } from '../../components/button';
import { TextWithSuggestions } from '../../components/text-with-suggestions';
import { activeLanguage } from '../../i18n/i18n';
import { serverMessageOf } from '../../lib/api-client';
import { refuseWhenOffline } from '../../lib/offline-guard';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { leaveWaitingNote, waitingCount, withdrawWaitingNote } from './api';

export function WaitingNoteOffer({ vehicleNumber }: { vehicleNumber: string }) {
  const { i18n } = useLingui();
  const titleId = useId();
  const [waiting, setWaiting] = useState<number | undefined>();
  const [left, setLeft] = useState<LeftWaitingNote | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const note = text.trim();

  useEffect(() => {
    let current = true;
    void waitingCount(vehicleNumber).then((count) => current && setWaiting(count));
    return () => {
      current = false;
    };
  }, [vehicleNumber, left]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!note || refuseWhenOffline()) return;
    const templateKey = templateKeyOf([i18n], note, vehicleNumber);
    const body: WaitingNotePayload = templateKey
      ? { vehicleNumber, templateKey }
      : { vehicleNumber, text: note };
    setBusy(true);
    try {
      setLeft(await leaveWaitingNote(body));
      setText('');
    } catch (error) {
      notifyError(serverMessageOf(error) ?? i18n._('waitingNotes.leaveFailed'));
    } finally {
      setBusy(false);
    }
  }

  async function withdraw(id: string) {
    if (refuseWhenOffline()) return;
    setBusy(true);
    try {
      await withdrawWaitingNote(id);
      notifySuccess(i18n._('waitingNotes.withdrawn'));
      setLeft(null);
    } catch (error) {
      notifyError(serverMessageOf(error) ?? i18n._('waitingNotes.withdrawFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card stack waiting-note-offer" aria-labelledby={titleId}>
      <h2 id={titleId}>{i18n._('waitingNotes.title')}</h2>
      {waiting !== undefined && (
        <p className="waiting-count" role="status">
          {waiting === 0
            ? i18n._('waitingNotes.nobodyWaiting')
            : i18n._('waitingNotes.waitingCount', { count: waiting })}
        </p>
      )}
      {left ? (
        <div className="stack">
          <p>
            {i18n._('waitingNotes.left', {
              until: new Date(left.expiresAt).toLocaleDateString(`${activeLanguage()}-IN`, {
                day: 'numeric',
                month: 'long',
              }),
            })}
          </p>
          <Link className="button button-primary" to="/requests">
            {i18n._('waitingNotes.seeRequests')}
          </Link>
          <Button disabled={busy} onClick={() => void withdraw(left._id)}>
            {i18n._('waitingNotes.withdraw')}
          </Button>
        </div>
      ) : (
        <form className="form" onSubmit={(event) => void onSubmit(event)}>
          <p className="muted">{i18n._('waitingNotes.intro')}</p>
          <TextWithSuggestions
            label={i18n._('waitingNotes.noteLabel')}
            name="note"
            rows={3}
            maxLength={NOTE_TEXT_MAX}
            vehicleNumber={vehicleNumber}
            value={text}
            onChange={setText}
          />
          <Button type="submit" variant="primary" block disabled={!note || busy}>
            {i18n._('waitingNotes.leave')}
          </Button>
        </form>
      )}
      <p className="muted">{i18n._('waitingNotes.slipHint')}</p>
      <Link className="button button-block" to={`/slips?vehicleNumber=${encodeURIComponent(vehicleNumber)}`}>
        {i18n._('waitingNotes.slipLink')}
      </Link>
    </section>
  );
}
