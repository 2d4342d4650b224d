/**
 * The pictures beside the words: one icon set, lucide, named here once so every screen
 * draws an action or a vehicle type with the same picture. Icons are decoration: render them with
 * `aria-hidden="true"`, the words beside them stay the accessible name.
 *
 * Each icon comes from its own module: the bundle and the unit tests load only these, never the
 * whole set's index of thousands of icons.
 */
export { default as NotificationIcon } from 'lucide-react/icons/bell';
export { default as FourWheelerIcon } from 'lucide-react/icons/car';
export { default as ThreeWheelerIcon } from 'lucide-react/icons/car-taxi-front';
export { default as ShowIcon } from 'lucide-react/icons/eye';
export { default as HideIcon } from 'lucide-react/icons/eye-off';
export { default as ImageIcon } from 'lucide-react/icons/image';
export { default as MessageIcon } from 'lucide-react/icons/message-square';
export { default as TwoWheelerIcon } from 'lucide-react/icons/motorbike';
export { default as CallIcon } from 'lucide-react/icons/phone';
export { default as AddIcon } from 'lucide-react/icons/plus';
export { default as SearchIcon } from 'lucide-react/icons/search';
export { default as HeavyVehicleIcon } from 'lucide-react/icons/truck';
export type { LucideIcon } from 'lucide-react';
