import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '#common/api';
import { activateLanguage } from '../../i18n/i18n';
import { appStore } from '../../lib/store';
import { pendingPhoneAtom } from '../../state/pending-phone';
import { jsonResponse, renderWithApp, stubFetch, type FetchCall, type Responder } from '../../testing/render';
import RegistrationPage from './registration-page';

const CONFIG: RuntimeConfig = {
  grievanceEmail: 'grievance@vahan.example',
  retention: { codeHours: 24, requestDays: 180 },
  activeUsers: 0,
  push: null,
};

/** The server: GET /api/config for the privacy notice, `respond` for the rest, whose calls are returned. */
function serveApi(respond: Responder = () => jsonResponse({})): FetchCall[] {
  const calls: FetchCall[] = [];
  stubFetch((call) => {
    if (call.url === '/api/config') return jsonResponse(CONFIG);
    calls.push(call);
    return respond(call);
  });
  return calls;
}

beforeEach(() => {
  serveApi();
});

function renderRegistration() {
  renderWithApp(<RegistrationPage />, { route: '/registration' });
  return {
    district: screen.getByRole('combobox', { name: 'District' }),
    city: () => screen.getByRole('combobox', { name: 'City' }) as HTMLSelectElement,
  };
}

// Testing Library's async helpers wait on real timers, so the screens that need the 300 ms city
// delay under fake timers are driven with synchronous events.
function change(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
}

async function passTime(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

async function fillValidForm() {
  vi.useFakeTimers();
  change(screen.getByRole('textbox', { name: 'Name' }), 'Anjali Menon');
  change(screen.getByRole('textbox', { name: 'Email' }), 'anjali@example.in');
  change(screen.getByRole('textbox', { name: 'Phone' }), '9847012345');
  change(screen.getByRole('combobox', { name: 'Gender' }), 'Female');
  change(screen.getByLabelText('Date of birth'), '1994-05-17');
  change(screen.getByRole('combobox', { name: 'District' }), 'Ernakulam');
  await passTime(300);
  change(screen.getByRole('combobox', { name: 'City' }), 'Kochi');
  fireEvent.click(screen.getByRole('checkbox', { name: CONSENT }));
}

const CONSENT = 'I have read how my data is used and I agree to it';

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'NEXT' }));
}

describe('/registration', () => {
  it('is the User Registration form with named controls and a link to /login', () => {
    renderRegistration();
    expect(screen.getByRole('heading', { name: 'User Registration' })).toBeInTheDocument();
    for (const name of ['name', 'email', 'phone', 'gender', 'dateOfBirth', 'district', 'city']) {
      expect(document.querySelector(`[name="${name}"]`)).not.toBeNull();
    }
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('offers the genders Male, Female and Other', () => {
    renderRegistration();
    const options = [...screen.getByRole('combobox', { name: 'Gender' }).querySelectorAll('option')];
    expect(options.map((option) => option.value).filter(Boolean)).toEqual(['Male', 'Female', 'Other']);
  });

  it('the phone and date of birth hints do not read as errors before anything is typed', () => {
    renderRegistration();
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    expect(phone).toBeRequired();
    expect(phone).toHaveAttribute('title', 'Please enter a valid 10-digit phone number');
    expect(phone).toHaveAccessibleDescription('Your mobile number; +91 or 0 in front is fine.');
    expect(phone).not.toHaveAttribute('aria-invalid');
    const dateOfBirth = screen.getByLabelText('Date of birth');
    expect(dateOfBirth).toHaveAccessibleDescription('Vahan Contact is for people 18 and older.');
    expect(dateOfBirth).not.toHaveAttribute('aria-invalid');
  });

  it("an empty form keeps 'Invalid fields!', marks each wrong field beside it and focuses the first", () => {
    const calls = serveApi();
    renderRegistration();
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid fields!');
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Fill in this field.');
    expect(name).toHaveFocus();
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription('Please enter a valid 10-digit phone number');
    expect(screen.getByRole('combobox', { name: 'Gender' })).toHaveAccessibleDescription('Choose one.');
    expect(screen.getByRole('checkbox', { name: CONSENT })).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('a phone typed as "+91 98470 12345" is sent as its 10 digits, and a wrong one is marked and focused', async () => {
    const calls = serveApi(() =>
      jsonResponse({ message: 'Code sent', phone: '9847012345', resendAfterSeconds: 30 }, 201),
    );
    renderRegistration();
    await fillValidForm();
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    change(phone, '+91 98470 1234');
    submit();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveFocus();
    change(phone, '+91 98470 12345');
    expect(phone).not.toHaveAttribute('aria-invalid');
    submit();
    await passTime(0);
    expect(calls[0]).toMatchObject({ url: '/api/users/register', body: { phone: '9847012345' } });
  });

  it("the city select says 'First select a district' and is disabled until a district is chosen", () => {
    const { city } = renderRegistration();
    expect(city()).toBeDisabled();
    expect(city().options[0]).toHaveTextContent('First select a district');
  });

  it("while a district's cities load, the city select says 'Loading cities...' and is disabled", async () => {
    vi.useFakeTimers();
    const { district, city } = renderRegistration();
    change(district, 'Kannur');
    expect(city()).toBeDisabled();
    expect(city().options[0]).toHaveTextContent('Loading cities...');
  });

  it("the district's cities appear after 300 ms, under 'Select City'", async () => {
    vi.useFakeTimers();
    const { district, city } = renderRegistration();
    change(district, 'Kannur');
    await passTime(299);
    expect(city()).toBeDisabled();
    await passTime(1);
    expect(city()).toBeEnabled();
    expect([...city().options].map((option) => option.textContent)).toEqual([
      'Select City',
      ...['Kannur', 'Thalassery', 'Payyanur', 'Mattanur'],
      ...['Taliparamba', 'Iritty', 'Kuthuparamba'],
      'Other',
    ]);
  });

  it('changing the district clears the chosen city and loads the new cities', async () => {
    vi.useFakeTimers();
    const { district, city } = renderRegistration();
    change(district, 'Kannur');
    await passTime(300);
    change(city(), 'Thalassery');
    expect(city()).toHaveValue('Thalassery');
    change(district, 'Wayanad');
    expect(city()).toHaveValue('');
    await passTime(300);
    expect(city()).toHaveValue('');
    expect(city().options[1]).toHaveTextContent('Kalpetta');
  });

  it("a missing field warns 'Invalid fields!' and makes no call", async () => {
    const user = userEvent.setup();
    const calls = serveApi(() => jsonResponse({}));
    renderRegistration();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Anjali');
    await user.click(screen.getByRole('button', { name: 'NEXT' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid fields!');
    expect(calls).toEqual([]);
  });

  it("a phone of fewer than 10 digits warns 'Invalid fields!' and makes no call", async () => {
    const calls = serveApi(() => jsonResponse({}));
    renderRegistration();
    await fillValidForm();
    change(screen.getByRole('textbox', { name: 'Phone' }), '98470');
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid fields!');
    expect(calls).toEqual([]);
  });

  it.each([
    [
      'Vahan Contact',
      'Name must not read as Vahan Contact, the police, the MVD, an RTO, an admin or support.',
    ],
    ['കേരള പോലീസ്', 'Name must not read as Vahan Contact, the police, the MVD, an RTO, an admin or support.'],
    ['Anjali\u202eMenon', 'Name must not contain control, invisible or direction characters.'],
  ])(
    'a name the API refuses (%j) is explained under the field and warned of, with no call',
    async (name, text) => {
      const calls = serveApi();
      renderRegistration();
      await fillValidForm();
      const field = screen.getByRole('textbox', { name: 'Name' });
      change(field, name);
      expect(field).toHaveAccessibleDescription(text);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      submit();
      expect(screen.getByRole('alert')).toHaveTextContent(text);
      expect(calls).toEqual([]);
    },
  );

  it('NEXT registers with country India, state Kerala and the district as location, then goes to /otp-verification', async () => {
    const calls = serveApi(() => jsonResponse({ message: 'Code sent', phone: '9847012345' }, 201));
    renderRegistration();
    await fillValidForm();
    submit();
    await passTime(0);
    expect(calls[0]).toMatchObject({
      url: '/api/users/register',
      method: 'POST',
      body: {
        name: 'Anjali Menon',
        email: 'anjali@example.in',
        phone: '9847012345',
        gender: 'Female',
        dateOfBirth: '1994-05-17',
        location: 'Ernakulam',
        city: 'Kochi',
        country: 'India',
        state: 'Kerala',
        phoneVisible: false,
        language: 'en',
        consent: true,
      },
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/otp-verification');
    expect(appStore.get(pendingPhoneAtom)).toBe('9847012345');
  });

  it('leaves the phone hidden unless its box is ticked', () => {
    renderRegistration();
    expect(
      screen.getByRole('checkbox', { name: 'Let people who find my vehicle see my phone number' }),
    ).not.toBeChecked();
  });

  it('sends phoneVisible true when the box is ticked', async () => {
    const calls = serveApi(() => jsonResponse({ message: 'Code sent', phone: '9847012345' }, 201));
    renderRegistration();
    await fillValidForm();
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'Let people who find my vehicle see my phone number' }),
    );
    submit();
    await passTime(0);
    expect(calls[0]).toMatchObject({ body: { phoneVisible: true } });
  });

  it('shows the privacy notice: what is kept, what finders see, the providers, retention and the grievance contact', async () => {
    renderRegistration();
    const notice = screen.getByRole('region', { name: 'How we use your data' });
    expect(notice).toHaveTextContent('date of birth');
    expect(notice).toHaveTextContent('Someone who searches one of your vehicle numbers sees your name');
    for (const provider of ['SMS provider', 'Firebase', 'Exotel', 'Cashfree']) {
      expect(notice).toHaveTextContent(provider);
    }
    expect(notice).toHaveTextContent('24 hours after they expire');
    expect(notice).toHaveTextContent('180 days after they are sent');
    expect(await screen.findByRole('link', { name: 'grievance@vahan.example' })).toHaveAttribute(
      'href',
      'mailto:grievance@vahan.example',
    );
  });

  it("without the consent box ticked warns 'Invalid fields!' and makes no call", async () => {
    const calls = serveApi();
    renderRegistration();
    await fillValidForm();
    fireEvent.click(screen.getByRole('checkbox', { name: CONSENT }));
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid fields!');
    expect(calls).toEqual([]);
  });

  it("a date of birth under 18 years warns 'Invalid fields!' and makes no call", async () => {
    const calls = serveApi();
    renderRegistration();
    await fillValidForm();
    const dateOfBirth = screen.getByLabelText('Date of birth');
    change(dateOfBirth, `${new Date().getFullYear() - 10}-01-01`);
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid fields!');
    expect(dateOfBirth).toHaveAccessibleDescription('You must be 18 or older');
    expect(dateOfBirth).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it("a failed registration shows 'Regostration failed!'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveApi(() => jsonResponse({ message: 'Phone already registered' }, 409));
    renderRegistration();
    await fillValidForm();
    submit();
    await passTime(0);
    expect(screen.getByText('Regostration failed!')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/registration');
  });

  it('a number that has an account also says the reason the server gives, with a link to sign in', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveApi(() => jsonResponse({ message: 'This number already has an account. Please sign in.' }, 409));
    renderRegistration();
    await fillValidForm();
    submit();
    await passTime(0);
    const reason = screen.getByText(/already has an account/);
    expect(within(reason).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });
});

describe('/registration in Malayalam', () => {
  /** The form filled through its field names, which do not change with the language. */
  async function fillValidFormByName() {
    vi.useFakeTimers();
    const field = (name: string) => document.querySelector<HTMLElement>(`[name="${name}"]`)!;
    change(field('name'), 'Anjali Menon');
    change(field('email'), 'anjali@example.in');
    change(field('phone'), '9847012345');
    change(field('gender'), 'Female');
    change(field('dateOfBirth'), '1994-05-17');
    change(field('district'), 'Ernakulam');
    await passTime(300);
    change(field('city'), 'Kochi');
    fireEvent.click(field('consent'));
  }

  it('choosing മലയാളം shows the form in Malayalam and marks the page as Malayalam', async () => {
    const user = userEvent.setup();
    renderWithApp(<RegistrationPage />, { route: '/registration' });
    await user.click(screen.getByRole('button', { name: 'മലയാളം' }));
    expect(await screen.findByRole('heading', { name: 'രജിസ്റ്റർ ചെയ്യുക' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ml');
  });

  it('registers the account in the language chosen on the screen', async () => {
    const calls = serveApi(() => jsonResponse({ message: 'Code sent', phone: '9847012345' }, 201));
    await activateLanguage('ml');
    renderWithApp(<RegistrationPage />, { route: '/registration' });
    await fillValidFormByName();
    fireEvent.click(screen.getByRole('button', { name: 'അടുത്തത്' }));
    await passTime(0);
    expect(calls[0]).toMatchObject({ url: '/api/users/register', body: { language: 'ml' } });
  });

  it('a form with a missing field warns in Malayalam', async () => {
    serveApi(() => jsonResponse({}));
    await activateLanguage('ml');
    renderWithApp(<RegistrationPage />, { route: '/registration' });
    fireEvent.click(screen.getByRole('button', { name: 'അടുത്തത്' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ചില വിവരങ്ങൾ ശരിയല്ല!');
  });

  it('the phone field explains a valid number in Malayalam once a wrong one is sent', async () => {
    await activateLanguage('ml');
    renderWithApp(<RegistrationPage />, { route: '/registration' });
    fireEvent.click(screen.getByRole('button', { name: 'അടുത്തത്' }));
    expect(screen.getByRole('textbox', { name: 'ഫോൺ നമ്പർ' })).toHaveAccessibleDescription(
      'ശരിയായ 10 അക്ക ഫോൺ നമ്പർ നൽകുക',
    );
  });

  it('shows districts and towns in Malayalam, and sends them, Other included, in English', async () => {
    const calls = serveApi(() => jsonResponse({ message: 'Code sent', phone: '9847012345' }, 201));
    await activateLanguage('ml');
    renderWithApp(<RegistrationPage />, { route: '/registration' });
    await fillValidFormByName();
    const select = (name: string) => document.querySelector<HTMLSelectElement>(`select[name="${name}"]`)!;
    const district = select('district');
    const ernakulam = [...district.options].find((option) => option.value === 'Ernakulam');
    expect(ernakulam).toHaveTextContent('എറണാകുളം');
    const city = select('city');
    const towns = [...city.options].slice(1);
    expect(towns.map((option) => option.value)).toContain('Muvattupuzha');
    expect(towns.find((option) => option.value === 'Kochi')).toHaveTextContent('കൊച്ചി');
    expect(towns.at(-1)).toHaveValue('Other');
    expect(towns.at(-1)).toHaveTextContent('മറ്റൊരു സ്ഥലം');
    change(city, 'Other');
    fireEvent.click(screen.getByRole('button', { name: 'അടുത്തത്' }));
    await passTime(0);
    expect(calls[0]).toMatchObject({
      url: '/api/users/register',
      body: { location: 'Ernakulam', city: 'Other' },
    });
  });

  it('a failed registration says so in Malayalam', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveApi(() => jsonResponse({ message: 'Phone already registered' }, 409));
    await activateLanguage('ml');
    renderWithApp(<RegistrationPage />, { route: '/registration' });
    await fillValidFormByName();
    fireEvent.click(screen.getByRole('button', { name: 'അടുത്തത്' }));
    await passTime(0);
    expect(screen.getByText('രജിസ്ട്രേഷൻ പരാജയപ്പെട്ടു!')).toBeInTheDocument();
  });
});
