/** The page's Reload (workbox-window's messageSkipWaiting) sends this to the waiting worker. */
export function isSkipWaitingMessage(message: unknown): boolean {
  return (
    typeof message === 'object' && message !== null && 'type' in message && message.type === 'SKIP_WAITING'
  );
}
