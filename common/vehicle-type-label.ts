/** A vehicle type (SPEC §3: Four, Three, Two, Heavy) in the reader's words. */
import type { I18n } from '@lingui/core';
import type { VehicleType } from './vehicle-types';

export function vehicleTypeLabel(i18n: I18n, type: VehicleType): string {
  switch (type) {
    case 'Four':
      return i18n._('vehicles.typeFour');
    case 'Three':
      return i18n._('vehicles.typeThree');
    case 'Two':
      return i18n._('vehicles.typeTwo');
    case 'Heavy':
      return i18n._('vehicles.typeHeavy');
  }
}
