/**
 * The name and e-mail the user registered with, changed under the same rules as registration: a name
 * that reads as the service or an authority, or hides characters, is refused before it is sent, and
 * the server's refusal is shown as it words it.
 */
import { useLingui } from '@lingui/react';
import { useState, type FormEvent } from 'react';
import type { User } from '#common/api';
import { EMAIL_MAX, NAME_MAX } from '#common/limits';
import { nameProblem } from '#common/person-name';
import { Button } from '../../components/button';
import { nameProblemText } from '../../components/name-problem-text';
import { TextField } from '../../components/text-field';
import { serverMessageOf } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { setUser } from '../../state/user';
import { updateProfile } from './api';

/** The form starts from the user's saved details; `key` on it starts it again when they change. */
function DetailsForm({ user }: { user: User }) {
  const { i18n } = useLingui();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [saving, setSaving] = useState(false);
  const refused = nameProblem(name.trim());
  const unchanged = name.trim() === user.name && email.trim() === user.email;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (refused || unchanged) return;
    setSaving(true);
    try {
      setUser(await updateProfile({ name: name.trim(), email: email.trim() }));
      notifySuccess(i18n._('settings.detailsSaved'));
    } catch (error) {
      notifyError(serverMessageOf(error) ?? i18n._('toast.updateFailed'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="stack" onSubmit={(event) => void onSubmit(event)}>
      <TextField
        label={i18n._('registration.name')}
        hint={refused ? nameProblemText(i18n, refused) : undefined}
        name="name"
        value={name}
        onValueChange={setName}
        autoComplete="name"
        maxLength={NAME_MAX}
        aria-invalid={refused ? true : undefined}
        required
      />
      <TextField
        label={i18n._('registration.email')}
        name="email"
        type="email"
        value={email}
        onValueChange={setEmail}
        autoComplete="email"
        maxLength={EMAIL_MAX}
        required
      />
      <Button type="submit" variant="primary" disabled={saving || unchanged || refused !== null}>
        {i18n._('settings.detailsSave')}
      </Button>
    </form>
  );
}

export function ProfileDetails({ user }: { user: User | null }) {
  const { i18n } = useLingui();
  return (
    <section className="card settings profile-details" aria-labelledby="profile-details-title">
      <h2 id="profile-details-title">{i18n._('settings.details')}</h2>
      {user && <DetailsForm key={`${user.name}\n${user.email}`} user={user} />}
    </section>
  );
}
