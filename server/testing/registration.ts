/** The one sign-up fixture of every test: server tests, spawned servers, browser tests and the bench. */
import type { RegisterPayload } from '#common/api';

let phoneCounter = 0;
/** A fresh valid Indian mobile number per call, unique within the test process. */
export function nextPhone(): string {
  phoneCounter += 1;
  return `9${String(process.pid % 1000).padStart(3, '0')}${String(phoneCounter).padStart(6, '0')}`;
}

/** A complete, valid registration for `phone`; override only what a test is about. */
export const registration = (phone: string, overrides: Partial<RegisterPayload> = {}): RegisterPayload => ({
  name: 'Anu Thomas',
  email: 'anu@example.in',
  phone,
  gender: 'Female',
  dateOfBirth: '1990-04-12',
  location: 'Ernakulam',
  city: 'Kochi',
  country: 'India',
  state: 'Kerala',
  ...overrides,
});
