/** A vehicle type's picture (SPEC §3: the type is there "for icon choice"), the same on every screen. */
import type { VehicleType } from '#common/vehicle-types';
import './vehicle-type-icon.css';
import {
  FourWheelerIcon,
  HeavyVehicleIcon,
  ThreeWheelerIcon,
  TwoWheelerIcon,
  type LucideIcon,
} from './icons';

const TYPE_ICONS: Record<VehicleType, LucideIcon> = {
  Four: FourWheelerIcon,
  // Lucide has no auto-rickshaw; the front of a taxi is the nearest three-wheeler a resident knows.
  Three: ThreeWheelerIcon,
  Two: TwoWheelerIcon,
  Heavy: HeavyVehicleIcon,
};

/** Decoration, hidden from assistive technology: the words beside it (or the card's text) name the vehicle. */
export function VehicleTypeIcon({ type, size = 24 }: { type: VehicleType; size?: number }) {
  const Icon = TYPE_ICONS[type];
  return <Icon aria-hidden="true" size={size} data-vehicle-type={type} />;
}
