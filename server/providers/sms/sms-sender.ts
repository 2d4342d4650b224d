/** Sends a one-time code by SMS. Rejects when the provider does not accept the message. */
export interface SmsSender {
  sendCode(phone: string, code: string): Promise<void>;
}

export const codeMessage = (code: string) =>
  `${code} is your Vahan Contact verification code. It expires in 5 minutes. Do not share it.`;
