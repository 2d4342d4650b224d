/** A paused sender's one request that the pause be reviewed, in their own words (no contact details). */
import { useLingui } from '@lingui/react';
import { useState, type FormEvent } from 'react';
import { MESSAGE_MAX } from '#common/limits';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { serverMessageOf } from '../../lib/api-client';
import { notifyError } from '../../lib/toasts';
import { contestPause } from './api';

export function ContestPauseForm() {
  const { i18n } = useLingui();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    try {
      setAnswer((await contestPause(text.trim())).message);
    } catch (error) {
      notifyError(serverMessageOf(error) ?? i18n._('settings.contestFailed'));
    } finally {
      setSending(false);
    }
  }

  if (answer !== null) return <p role="status">{answer}</p>;
  return (
    <form className="stack" onSubmit={(event) => void onSubmit(event)}>
      <Field label={i18n._('settings.contestLabel')}>
        <textarea
          className="input"
          name="text"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={MESSAGE_MAX}
          required
        />
      </Field>
      <Button type="submit" disabled={sending || text.trim() === ''}>
        {i18n._('settings.contestSend')}
      </Button>
    </form>
  );
}
