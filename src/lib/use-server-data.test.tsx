import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useServerData } from './use-server-data';

/** A load whose answers the test gives, one per call. */
function controlledLoad() {
  const pending: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<string>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  return { load, pending };
}

describe('useServerData', () => {
  it('is loading until the answer comes, then holds it', async () => {
    const { load, pending } = controlledLoad();
    const { result } = renderHook(() => useServerData(load));
    expect(result.current).toMatchObject({ data: null, loading: true, failed: false });
    act(() => pending[0]?.resolve('the answer'));
    await waitFor(() => expect(result.current).toMatchObject({ data: 'the answer', loading: false }));
    expect(load).toHaveBeenCalledOnce();
  });

  it('says the load failed, and a retry loads again', async () => {
    const { load, pending } = controlledLoad();
    const { result } = renderHook(() => useServerData(load));
    act(() => pending[0]?.reject(new Error('down')));
    await waitFor(() => expect(result.current).toMatchObject({ data: null, loading: false, failed: true }));
    act(() => result.current.retry());
    expect(result.current).toMatchObject({ loading: true, failed: false });
    expect(load).toHaveBeenCalledTimes(2);
    act(() => pending[1]?.resolve('second answer'));
    await waitFor(() => expect(result.current).toMatchObject({ data: 'second answer', failed: false }));
  });

  it('drops an answer that comes after the screen closed', async () => {
    const { load, pending } = controlledLoad();
    const { result, unmount } = renderHook(() => useServerData(load));
    unmount();
    act(() => pending[0]?.resolve('too late'));
    await Promise.resolve();
    expect(result.current.data).toBeNull();
  });

  it('updates the data it holds after the screen changed it on the server', async () => {
    const { load, pending } = controlledLoad();
    const { result } = renderHook(() => useServerData(load));
    act(() => pending[0]?.resolve('kept'));
    await waitFor(() => expect(result.current.data).toBe('kept'));
    act(() => result.current.update((current) => `${current} and changed`));
    expect(result.current.data).toBe('kept and changed');
  });
});
