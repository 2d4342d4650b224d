/** The one call to the push service, kept behind an interface so the rest is testable and swappable. */
export interface PushTransport {
  /** Sends one data-only message to each token; reports the tokens the service says are dead. */
  sendToTokens(tokens: string[], data: Record<string, string>): Promise<{ invalidTokens: string[] }>;
  close(): Promise<void>;
}
