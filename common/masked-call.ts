/** What a caller is told about a masked call, on the server's refusals and the /message screen alike. */

export const MASKED_CALL_TEXTS = {
  action: 'Call through Vahan Contact',
  howItWorks: "We will ring your phone first, then connect you. Neither of you sees the other's number.",
  placed: 'Calling you now. Answer your phone and we will connect you to the owner.',
  noProvider: 'Calls through Vahan Contact are not available on this server. Please send a message instead.',
  ownerDeclines: 'This owner does not take calls through Vahan Contact. Please send a message instead.',
  quietHours: (until: string) =>
    `This owner is in quiet hours until ${until} IST and does not take calls now. Please send a message instead.`,
} as const;
