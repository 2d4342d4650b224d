import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WithTexts } from '../testing/with-texts';

const fake = vi.hoisted(() => {
  const registration = { scope: '/' } as ServiceWorkerRegistration;
  class FakeWorkbox extends EventTarget {
    constructor(readonly scriptUrl: string) {
      super();
      instances.push(this);
    }
    register = vi.fn(async () => registration);
    update = vi.fn(async () => undefined);
    messageSkipWaiting = vi.fn();
  }
  const instances: FakeWorkbox[] = [];
  return { FakeWorkbox, instances, registration };
});

vi.mock('workbox-window', () => ({ Workbox: fake.FakeWorkbox }));

/** navigator.serviceWorker, new for each page load so no listener outlives its test. */
const fakeContainer = () =>
  Object.assign(new EventTarget(), {
    controller: null as object | null,
    ready: Promise.resolve(fake.registration),
    getRegistration: vi.fn(async (): Promise<ServiceWorkerRegistration | undefined> => fake.registration),
    register: vi.fn(async () => fake.registration),
  });
let container = fakeContainer();

/** A fresh copy of the module, as a new page load would have it. */
async function loadServiceWorkerModule({ production = true, controlled = true } = {}) {
  vi.stubEnv('PROD', production);
  container = fakeContainer();
  container.controller = controlled ? {} : null;
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  vi.resetModules();
  return import('./service-worker');
}

function workbox() {
  const [instance] = fake.instances;
  if (instance === undefined) throw new Error('No Workbox was created');
  return instance;
}

function emit(type: 'waiting' | 'controlling') {
  act(() => {
    workbox().dispatchEvent(new Event(type));
  });
}

function stubReload() {
  const reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload });
  return reload;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllEnvs();
  fake.instances.length = 0;
});

/** The first worker of a fresh page activates and takes it over (its clientsClaim). */
async function firstWorkerTakesOver() {
  container.controller = {};
  container.dispatchEvent(new Event('controllerchange'));
  await vi.waitFor(() => expect(workbox().register).toHaveBeenCalledTimes(1));
}

describe('registerServiceWorker', () => {
  it('registers /sw.js through workbox-window on a page a worker controls', async () => {
    const { registerServiceWorker } = await loadServiceWorkerModule();
    await registerServiceWorker();
    expect(workbox().scriptUrl).toBe('/sw.js');
    expect(workbox().register).toHaveBeenCalledTimes(1);
    expect(container.register).not.toHaveBeenCalled();
  });

  it('registers /sw.js without workbox-window on a fresh page, and loads it once the worker takes over', async () => {
    const { registerServiceWorker } = await loadServiceWorkerModule({ controlled: false });
    await registerServiceWorker();
    expect(container.register).toHaveBeenCalledWith('/sw.js');
    expect(fake.instances).toHaveLength(0);
    await firstWorkerTakesOver();
    expect(workbox().scriptUrl).toBe('/sw.js');
  });

  it('waits for the page to load before registering', async () => {
    const { registerServiceWorker } = await loadServiceWorkerModule({ controlled: false });
    Object.defineProperty(document, 'readyState', { configurable: true, value: 'loading' });
    const registered = registerServiceWorker();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(container.register).not.toHaveBeenCalled();
    Reflect.deleteProperty(document, 'readyState');
    window.dispatchEvent(new Event('load'));
    await registered;
    expect(container.register).toHaveBeenCalledWith('/sw.js');
  });

  it('registers no worker in a development build', async () => {
    const { registerServiceWorker } = await loadServiceWorkerModule({ production: false });
    await registerServiceWorker();
    expect(fake.instances).toHaveLength(0);
  });

  it('looks for a new build when the app comes back into view', async () => {
    const { registerServiceWorker } = await loadServiceWorkerModule();
    await registerServiceWorker();
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
    Reflect.deleteProperty(document, 'visibilityState');
    expect(workbox().update).toHaveBeenCalledTimes(1);
  });

  it('reloads when another tab accepted the update and the new worker takes over', async () => {
    const reload = stubReload();
    const { registerServiceWorker } = await loadServiceWorkerModule({ controlled: true });
    await registerServiceWorker();
    emit('waiting');
    emit('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when our worker, registered again after logout, takes over', async () => {
    const reload = stubReload();
    const { registerServiceWorker } = await loadServiceWorkerModule({ controlled: true });
    await registerServiceWorker();
    emit('controlling');
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload when the first worker takes over a fresh page', async () => {
    const reload = stubReload();
    const { registerServiceWorker } = await loadServiceWorkerModule({ controlled: false });
    await registerServiceWorker();
    await firstWorkerTakesOver();
    emit('controlling');
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('UpdatePrompt', () => {
  it('shows nothing while no new version is waiting', async () => {
    const { registerServiceWorker, UpdatePrompt } = await loadServiceWorkerModule();
    await registerServiceWorker();
    render(<UpdatePrompt />, { wrapper: WithTexts });
    expect(screen.queryByText('A new version is available')).not.toBeInTheDocument();
  });

  it("shows 'A new version is available' when a new version is waiting", async () => {
    const { registerServiceWorker, UpdatePrompt } = await loadServiceWorkerModule();
    await registerServiceWorker();
    render(<UpdatePrompt />, { wrapper: WithTexts });
    emit('waiting');
    expect(screen.getByRole('status')).toHaveTextContent('A new version is available');
  });

  it('Reload asks the waiting worker to take over', async () => {
    const { registerServiceWorker, UpdatePrompt } = await loadServiceWorkerModule();
    await registerServiceWorker();
    render(<UpdatePrompt />, { wrapper: WithTexts });
    emit('waiting');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(workbox().messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeDisabled();
  });

  it('reloads into the new version once it controls the page', async () => {
    const reload = stubReload();
    const { registerServiceWorker, UpdatePrompt } = await loadServiceWorkerModule({ controlled: false });
    await registerServiceWorker();
    await firstWorkerTakesOver();
    render(<UpdatePrompt />, { wrapper: WithTexts });
    emit('waiting');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).not.toHaveBeenCalled();
    emit('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('getServiceWorkerRegistration', () => {
  it('gives the registration of our worker once it is active', async () => {
    const { registerServiceWorker, getServiceWorkerRegistration } = await loadServiceWorkerModule();
    await registerServiceWorker();
    await expect(getServiceWorkerRegistration()).resolves.toBe(fake.registration);
    expect(container.register).not.toHaveBeenCalled();
  });

  it('registers our worker again after logout unregistered it', async () => {
    const { registerServiceWorker, getServiceWorkerRegistration } = await loadServiceWorkerModule();
    await registerServiceWorker();
    container.getRegistration.mockResolvedValue(undefined);
    await expect(getServiceWorkerRegistration()).resolves.toBe(fake.registration);
    expect(container.register).toHaveBeenCalledWith('/sw.js');
  });

  it('gives none when no worker was registered', async () => {
    const { registerServiceWorker, getServiceWorkerRegistration } = await loadServiceWorkerModule({
      production: false,
    });
    await registerServiceWorker();
    await expect(getServiceWorkerRegistration()).resolves.toBeUndefined();
  });
});
