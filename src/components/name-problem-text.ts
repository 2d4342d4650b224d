/** The API's refusal of a person's name (common/person-name.ts), in the reader's language. */
import type { I18n } from '@lingui/core';
import type { NameProblem } from '#common/person-name';

export function nameProblemText(i18n: I18n, problem: NameProblem): string {
  switch (problem) {
    case 'reserved':
      return i18n._('registration.nameReserved');
    case 'invisible':
      return i18n._('registration.nameInvisible');
  }
}
