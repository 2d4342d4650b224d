import type { Language } from '#common/languages';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '#common/api';
import { NOTIFICATION_TITLE, notificationTitle, templateText } from '#common/message-templates';
import { replyStatusText } from '#common/replies';
import { plateOf, unread, vehicleOf } from '../testing/notification-fixtures';
import { post, updateProfile } from '../testing/user-api';
import { sentRequests } from '../testing/request-fixtures';
import { createTestApp, nextPhone, registration, type SignedIn, type TestApp } from '../testing/test-app';
import { published, type PublishSpy } from '../testing/published';
import { textsFor } from './texts';

const english = textsFor('en');
const malayalam = textsFor('ml');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

async function validatedUser(who: SignedIn): Promise<User> {
  const response = await t.inject({ method: 'GET', url: '/api/users/validateUser', headers: who.headers });
  return response.json<{ user: User }>().user;
}

/** The one notification a spy on the bus saw published. */
function theNotification(publish: PublishSpy) {
  const [first, ...more] = published(publish, 'notification');
  if (!first || more.length > 0) throw new Error('expected one notification to be published');
  return first;
}

/** A message from `sender` about a vehicle of `owner`; returns the push the owner was sent. */
async function messageAbout(sender: SignedIn, owner: SignedIn, text: (plate: string) => string) {
  const vehicle = await vehicleOf(t, owner);
  const publish = vi.spyOn(t.app.notificationBus, 'publish');
  const response = await post(
    t,
    '/api/users/sendMessage',
    { userId: owner.user._id, vehicleId: vehicle.id, message: text(vehicle.vehicleNumber) },
    sender,
  );
  expect(response.statusCode).toBe(201);
  const { notification: live, push } = theNotification(publish);
  return { plate: vehicle.vehicleNumber, live, push };
}

describe('the language of a user', () => {
  it('is the one chosen at sign-up, English when none was', async () => {
    const chosen = await t.signUp({ language: 'ml' });
    const unchosen = await t.signUp();
    expect(chosen.user.language).toBe('ml');
    expect((await validatedUser(chosen)).language).toBe('ml');
    expect(unchosen.user.language).toBe('en');
  });

  it('is changed by updateProfile, which answers with the changed user', async () => {
    const user = await t.signUp();
    const response = await t.inject({
      method: 'PATCH',
      url: '/api/users/updateProfile',
      payload: { language: 'ml' },
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ user: User }>().user.language).toBe('ml');
    expect((await validatedUser(user)).language).toBe('ml');
  });

  it('takes the language of the latest sign-up request when the same sign-up is asked for again', async () => {
    const phone = nextPhone();
    const register = (language: Language) =>
      t.inject({ method: 'POST', url: '/api/users/register', payload: registration(phone, { language }) });
    expect((await register('en')).statusCode).toBe(201);
    t.clock.advance(60_000);
    expect((await register('ml')).statusCode).toBe(201);
    const verified = await t.inject({
      method: 'POST',
      url: '/api/users/verify',
      payload: { phone, otp: t.sms.lastCode(phone) },
    });
    expect(verified.json<{ user: User }>().user.language).toBe('ml');
  });
});

describe('a suggested text reaches each reader in their own language', () => {
  it('reaches a Malayalam owner in Malayalam when sent in English, in the bell and in the push', async () => {
    const sender = await t.signUp({ language: 'en' });
    const owner = await t.signUp({ language: 'ml' });
    const { plate, push } = await messageAbout(sender, owner, (p) => templateText(english, 'blocking', p));
    const inMalayalam = templateText(malayalam, 'blocking', plate);
    const [inBell] = await unread(t, owner);
    expect(inBell?.content).toBe(inMalayalam);
    expect(push.body).toBe(inMalayalam);
    expect(push.title).toBe(inBell?.title);
    expect(push.title).not.toContain('Message about');
    expect(push.language).toBe('ml');
  });

  it('reaches a Malayalam owner in Malayalam when the suggestion names the vehicle in lower case', async () => {
    const sender = await t.signUp({ language: 'en' });
    const owner = await t.signUp({ language: 'ml' });
    const asSpecClientsSend = (p: string) => templateText(english, 'blocking', p).replace(p.toUpperCase(), p);
    const { plate, push } = await messageAbout(sender, owner, asSpecClientsSend);
    expect(asSpecClientsSend(plate)).toContain(plate.toLowerCase());
    const [inBell] = await unread(t, owner);
    expect(inBell?.content).toBe(templateText(malayalam, 'blocking', plate));
    expect(push.body).toBe(templateText(malayalam, 'blocking', plate));
  });

  it('reaches an English owner in English when sent in Malayalam', async () => {
    const sender = await t.signUp({ language: 'ml' });
    const owner = await t.signUp({ language: 'en' });
    const { plate, push } = await messageAbout(sender, owner, (p) => templateText(malayalam, 'relocate', p));
    const inEnglish = templateText(english, 'relocate', plate);
    const [inBell] = await unread(t, owner);
    expect(inBell?.content).toBe(inEnglish);
    expect(inBell?.title).toBe(`Message about ${plate.toUpperCase()}`);
    expect(push.body).toBe(inEnglish);
    expect(push.language).toBe('en');
  });

  it('recognises a notification in Malayalam and gives it the receiver its title in their language', async () => {
    const sender = await t.signUp({ language: 'ml' });
    const receiver = await t.signUp({ language: 'ml' });
    const plate = await plateOf(t, receiver);
    const publish = vi.spyOn(t.app.notificationBus, 'publish');
    const response = await post(
      t,
      '/api/users/sendNotification',
      {
        receiverId: receiver.user._id,
        title: NOTIFICATION_TITLE,
        body: templateText(malayalam, 'moveSoon', plate),
      },
      sender,
    );
    expect(response.statusCode).toBe(201);
    const { push } = theNotification(publish);
    expect(push.title).toBe(notificationTitle(malayalam));
    expect(push.body).toBe(templateText(malayalam, 'moveSoon', plate));
    await updateProfile(t, receiver, { language: 'en' });
    const [inBell] = await unread(t, receiver);
    expect(inBell?.title).toBe(NOTIFICATION_TITLE);
    expect(inBell?.content).toBe(templateText(english, 'moveSoon', plate));
  });

  it('leaves free text as it was typed', async () => {
    const sender = await t.signUp({ language: 'en' });
    const owner = await t.signUp({ language: 'ml' });
    const typed = (plate: string) => `${templateText(english, 'blocking', plate)} Thanks!`;
    const { plate, push } = await messageAbout(sender, owner, typed);
    const [inBell] = await unread(t, owner);
    expect(inBell?.content).toBe(typed(plate));
    expect(push.body).toBe(typed(plate));
  });

  it("shows the sender's list of requests in the sender's language", async () => {
    const sender = await t.signUp({ language: 'en' });
    const owner = await t.signUp({ language: 'ml' });
    const { plate } = await messageAbout(sender, owner, (p) => templateText(english, 'attention', p));
    expect((await sentRequests(t, sender))[0]?.content).toBe(templateText(english, 'attention', plate));
    await updateProfile(t, sender, { language: 'ml' });
    expect((await sentRequests(t, sender))[0]?.content).toBe(templateText(malayalam, 'attention', plate));
  });

  it("pushes the owner's answer to the sender in the sender's language", async () => {
    const sender = await t.signUp({ language: 'ml' });
    const owner = await t.signUp({ language: 'en' });
    const { plate } = await messageAbout(sender, owner, (p) => templateText(english, 'blocking', p));
    const [request] = await unread(t, owner);
    const publish = vi.spyOn(t.app.notificationBus, 'publish');
    await post(
      t,
      '/api/users/replyToNotification',
      { notificationId: request?._id, kind: 'five_minutes' },
      owner,
    );
    const [{ push } = { push: null }] = published(publish, 'request');
    expect(push?.title).toBe(malayalam._('server.request.replyTitle', { plate: plate.toUpperCase() }));
    expect(push?.body).toBe(replyStatusText(malayalam, 'five_minutes'));
    expect(push?.language).toBe('ml');
  });
});

describe("the server's messages", () => {
  const sendToNobody = (who: SignedIn) =>
    post(
      t,
      '/api/users/sendNotification',
      { receiverId: '00000000-0000-4000-8000-000000000000', title: NOTIFICATION_TITLE, body: 'KL07AB1234' },
      who,
    );

  it("are in the signed-in user's language", async () => {
    const response = await sendToNobody(await t.signUp({ language: 'ml' }));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: malayalam._('server.userNotFound') });
    expect(response.json<{ message: string }>().message).not.toBe('User not found');
  });

  it('stay in English for everyone else', async () => {
    const response = await sendToNobody(await t.signUp({ language: 'en' }));
    expect(response.json()).toEqual({ message: 'User not found' });
  });

  it("follow the request's Accept-Language before sign-in", async () => {
    const login = (language?: string) =>
      t.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { phone: nextPhone() },
        headers: language ? { 'accept-language': language } : {},
      });
    expect((await login('ml-IN,ml;q=0.9,en;q=0.8')).json()).toEqual({
      message: malayalam._('server.auth.notRegistered'),
    });
    expect((await login('en-IN,ml;q=0.5')).json()).toEqual({
      message: 'This number is not registered. Please sign up.',
    });
    expect((await login()).json()).toEqual({ message: 'This number is not registered. Please sign up.' });
  });

  it("confirm in the user's language", async () => {
    const user = await t.signUp({ language: 'ml' });
    const response = await post(t, '/api/users/clearAllNotifications', {}, user);
    expect(response.json()).toEqual({ message: malayalam._('server.notifications.cleared') });
  });
});
