import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Types `number` into the home search and asks for its owner, as a person does; answers their session. */
export async function search(number: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'TYPE VEHICLE NUMBER' }), number);
  await user.click(screen.getByRole('button', { name: 'FIND VEHICLE OWNER' }));
  return user;
}
