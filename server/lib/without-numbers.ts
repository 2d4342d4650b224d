/** A provider's message with any phone number it quotes taken out, so it can be logged. */
export const withoutNumbers = (text: string) => text.replace(/\+?\d[\d\s-]{6,}\d/g, '[number]');
