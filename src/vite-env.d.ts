/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API when it is not served from the same origin as the PWA. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

interface Window {
  /** The session check src/early-start.ts sent before the app ran, until the app's client takes it. */
  earlySessionCheck?: { authorization: string; answer: Promise<Response> };
  /** The sent requests src/early-start.ts asked for with it, until the app's client takes them. */
  earlySentRequests?: { authorization: string; answer: Promise<Response> };
  /** The taps src/early-start.ts kept while the worker's snapshot was on screen: each element's place under #root. */
  snapshotTaps?: number[][];
}
