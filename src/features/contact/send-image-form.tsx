/**
 * Send Image: a photo of the blocked gate as proof, taken with the camera or picked, shrunk on the
 * device, with an optional caption and the sender's place rounded to about 100 m.
 */
import { useLingui } from '@lingui/react';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import type { OwnedVehicle } from '#common/api';
import { contactDetailsProblem } from '#common/contact-details';
import type { PhotoPayload } from '#common/outbox/outbox';
import { CAPTION_MAX, roundCoordinate } from '#common/photos';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { serverMessageOf } from '../../lib/api-client';
import type { SendResponse } from '#common/api';
import { sendImage } from './api';
import { refusalOf, SendRefusalNote, useSendRefusal } from './send-refusal';
import { currentPosition, shrinkPhoto } from './shrink-photo';

interface SendImageFormProps {
  vehicle: OwnedVehicle;
  onSent: (sent: SendResponse) => void;
  /** No network: the photo waits in the outbox under this key. */
  onQueued: (key: string) => void;
  /** A refusal offers the call in the photo's place. */
  onCall: () => void;
}

interface PhotoChoiceProps {
  label: string;
  accept: string;
  capture?: 'environment';
  name?: string;
  onChosen: (event: ChangeEvent<HTMLInputElement>) => Promise<void>;
}

/** A button that opens the camera or the gallery, its file input hidden inside it. */
function PhotoChoice({ label, accept, capture, name, onChosen }: PhotoChoiceProps) {
  return (
    <label className="button">
      {label}
      <input
        type="file"
        accept={accept}
        capture={capture}
        className="visually-hidden"
        name={name}
        onChange={(event) => void onChosen(event)}
      />
    </label>
  );
}

export function SendImageForm({ vehicle, onSent, onQueued, onCall }: SendImageFormProps) {
  const { i18n } = useLingui();
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [caption, setCaption] = useState('');
  const [withLocation, setWithLocation] = useState(false);
  const [place, setPlace] = useState<GeolocationCoordinates | null>(null);
  const [locationRefused, setLocationRefused] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { refusal, refuse, clear } = useSendRefusal(vehicle);
  const text = caption.trim();
  const captionRefused = text !== '' && contactDetailsProblem(text) !== null;

  useEffect(() => {
    if (!photo) return;
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  async function onChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      setPhoto(await shrinkPhoto(file));
    } catch {
      setPhoto(null);
      setProblem(i18n._('contact.photoUnreadable'));
    } finally {
      setBusy(false);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!photo || captionRefused) return;
    setBusy(true);
    setProblem(null);
    clear();
    const payload: PhotoPayload = {
      userId: vehicle.userId._id,
      vehicleId: vehicle._id,
      image: await photo.arrayBuffer(),
    };
    if (text) payload.caption = text;
    if (withLocation && place) {
      payload.latitude = roundCoordinate(place.latitude);
      payload.longitude = roundCoordinate(place.longitude);
    }
    const result = await sendImage(payload, vehicle.vehicleNumber);
    if (result.kind === 'queued') {
      onQueued(result.key);
    } else if (result.kind === 'sent') {
      window.alert(i18n._('contact.photoSent'));
      onSent(result.data);
    } else {
      setBusy(false);
      refuse(result.error);
      // A limit or a block is said by the refusal's note, with what to do; anything else here.
      if (!refusalOf(i18n, result.error, vehicle)) {
        setProblem(serverMessageOf(result.error) ?? i18n._('contact.photoFailed'));
      }
    }
  }

  /** The phone is asked when the box is ticked, so a refusal is said before the photo goes. */
  async function onLocationChange(wanted: boolean) {
    setWithLocation(wanted);
    setLocationRefused(false);
    if (!wanted) return;
    const found = await currentPosition();
    setPlace(found);
    if (!found) {
      setWithLocation(false);
      setLocationRefused(true);
    }
  }

  return (
    <form className="form send-image" onSubmit={(event) => void onSubmit(event)}>
      <div className="photo-choices">
        <PhotoChoice
          label={i18n._('contact.photoTake')}
          accept="image/*"
          capture="environment"
          onChosen={onChosen}
        />
        <PhotoChoice
          label={i18n._('contact.photoPick')}
          accept="image/jpeg,image/png,image/webp"
          name="photo"
          onChosen={onChosen}
        />
      </div>
      {preview && <img className="photo-preview" src={preview} alt={i18n._('contact.photoPreview')} />}
      <TextField
        label={i18n._('contact.photoCaption')}
        hint={captionRefused ? i18n._('contact.photoCaptionRefused') : undefined}
        name="caption"
        maxLength={CAPTION_MAX}
        value={caption}
        onValueChange={setCaption}
      />
      <label className="form-check">
        <input
          type="checkbox"
          name="location"
          checked={withLocation}
          onChange={(event) => void onLocationChange(event.target.checked)}
        />
        {i18n._('contact.photoLocation')}
      </label>
      {locationRefused && <p role="alert">{i18n._('contact.photoLocationRefused')}</p>}
      {problem && <p role="alert">{problem}</p>}
      {refusal && <SendRefusalNote refusal={refusal} onCall={onCall} />}
      <div className="send-message-footer">
        <Button type="submit" variant="primary" block disabled={!photo || captionRefused || busy}>
          {i18n._('contact.notifyUser')}
        </Button>
      </div>
    </form>
  );
}
