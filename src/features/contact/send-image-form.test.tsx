import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { queuedItems } from '#common/outbox/outbox-db';
import type { PhotoPayload } from '#common/outbox/outbox';
import { appStore } from '../../lib/store';
import { ownersAtom } from '../../state/owners';
import { anOwnedVehicle, aSendResponse, aSentRequest } from '../../testing/fixtures';
import { jsonResponse, renderWithApp } from '../../testing/render';
import { signIn } from '../../testing/session';
import { networkReturns, runOutbox } from '../../testing/outbox';
import MessagePage from './message-page';
import { currentPosition } from './shrink-photo';

const SHRUNK = new Blob(['shrunk jpeg'], { type: 'image/jpeg' });

// The canvas work needs a real browser (test/photos.test.ts); here the shrunk photo is given.
vi.mock('./shrink-photo', () => ({
  shrinkPhoto: vi.fn(async () => SHRUNK),
  currentPosition: vi.fn(async () => ({ latitude: 9.967891, longitude: 76.283456 })),
}));

interface Sent {
  url: string;
  headers: Headers;
  form: FormData | null;
}

/** Records what is sent, FormData bodies included, and answers each with `respond`. */
function recordFetch(respond: () => Response): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({
      url: String(input),
      headers: new Headers(init?.headers),
      form: init?.body instanceof FormData ? init.body : null,
    });
    return respond();
  });
  return sent;
}

async function openSendImage() {
  const me = signIn();
  const vehicle = anOwnedVehicle();
  appStore.set(ownersAtom, [vehicle]);
  renderWithApp(<MessagePage />, { route: `/message?id=${vehicle._id}`, path: '/message' });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Send Image' }));
  const dialog = screen.getByRole('dialog', { name: 'Notify User About Vehicle' });
  return { user, dialog, vehicle, me };
}

async function choosePhoto(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const file = new File(['camera bytes'], 'gate.jpg', { type: 'image/jpeg' });
  await user.upload(within(dialog).getByLabelText('Choose a photo'), file);
  await within(dialog).findByRole('img', { name: 'The photo to send' });
}

describe('Send Image', () => {
  it('offers the camera and the gallery, and sends nothing without a photo', async () => {
    const sent = recordFetch(() => jsonResponse({}, 201));
    const { dialog } = await openSendImage();
    expect(within(dialog).getByLabelText('Take a photo')).toHaveAttribute('capture', 'environment');
    expect(within(dialog).getByLabelText('Choose a photo')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Notify User' })).toBeDisabled();
    expect(sent).toEqual([]);
  });

  it('sends the shrunk photo and its caption as one multipart form with an Idempotency-Key', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const sent = recordFetch(() =>
      jsonResponse(aSendResponse(aSentRequest({ _id: 'n-1', content: 'Gate blocked' })), 201),
    );
    const { user, dialog, vehicle } = await openSendImage();
    await choosePhoto(user, dialog);
    await user.type(within(dialog).getByRole('textbox', { name: 'Caption (optional)' }), 'Gate blocked');
    await user.click(within(dialog).getByRole('button', { name: 'Notify User' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Photo sent.'));
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request?.url).toBe('/api/users/sendImage');
    expect(request?.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    expect(request?.headers.get('content-type')).toBeNull();
    expect(request?.form?.get('userId')).toBe(vehicle.userId._id);
    expect(request?.form?.get('vehicleId')).toBe(vehicle._id);
    expect(request?.form?.get('caption')).toBe('Gate blocked');
    expect(request?.form?.get('latitude')).toBeNull();
    expect(await (request?.form?.get('image') as Blob).text()).toBe('shrunk jpeg');
  });

  it('adds the place rounded to about 100 m only when asked', async () => {
    vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const sent = recordFetch(() => jsonResponse(aSendResponse(aSentRequest({ _id: 'n-1' })), 201));
    const { user, dialog } = await openSendImage();
    await choosePhoto(user, dialog);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Add my location (to about 100 m)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Notify User' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect([sent[0]?.form?.get('latitude'), sent[0]?.form?.get('longitude')]).toEqual(['9.968', '76.283']);
  });

  it('tells the sender when the phone refuses the location, and sends the photo without it', async () => {
    vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    vi.mocked(currentPosition).mockResolvedValueOnce(null);
    const sent = recordFetch(() => jsonResponse(aSendResponse(aSentRequest({ _id: 'n-1' })), 201));
    const { user, dialog } = await openSendImage();
    await choosePhoto(user, dialog);
    const box = within(dialog).getByRole('checkbox', { name: 'Add my location (to about 100 m)' });
    await user.click(box);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your phone did not give your location',
    );
    expect(box).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Notify User' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.form?.get('latitude')).toBeNull();
  });

  it('refuses a caption with a phone number before anything is sent', async () => {
    const sent = recordFetch(() => jsonResponse({}, 201));
    const { user, dialog } = await openSendImage();
    await choosePhoto(user, dialog);
    await user.type(within(dialog).getByRole('textbox', { name: 'Caption (optional)' }), 'Call 98470 12345');
    expect(
      within(dialog).getByText('A caption cannot hold a link, an e-mail address or a phone number.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Notify User' })).toBeDisabled();
    expect(sent).toEqual([]);
  });

  it("shows the server's reason when it refuses the photo", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    recordFetch(() => jsonResponse({ message: 'The photo must be a JPEG, PNG or WebP image.' }, 400));
    const { user, dialog } = await openSendImage();
    await choosePhoto(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Notify User' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The photo must be a JPEG, PNG or WebP image.',
    );
  });

  it('offline, keeps the photo in the outbox and sends it once when the network returns', async () => {
    runOutbox();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user, dialog, me } = await openSendImage();
    await choosePhoto(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Notify User' }));
    await within(dialog).findByText('Waiting for network');
    const [queued] = await queuedItems(me._id);
    expect(queued?.request.path).toBe('/api/users/sendImage');
    expect((queued?.request.body as PhotoPayload).image.byteLength).toBe(SHRUNK.size);

    const sent = recordFetch(() => jsonResponse(aSendResponse(aSentRequest({ _id: 'n-1' })), 201));
    networkReturns(online);
    expect(await within(dialog).findByText('Sent: Photo about KL07AB1234')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.get('idempotency-key')).toBe(queued?.key);
    expect(sent[0]?.form?.get('image')).toBeInstanceOf(Blob);
    expect(await queuedItems(me._id)).toEqual([]);
  });
});
