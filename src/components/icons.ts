/**
 * The pictures beside the words (issue 16): one tree-shaken icon set, lucide, named here once so every
 * screen draws an action or a vehicle type with the same picture. Icons are decoration: render them
 * with `aria-hidden="true"`, the words beside them stay the accessible name.
 */
export {
  Bell as NotificationIcon,
  Car as FourWheelerIcon,
  CarTaxiFront as ThreeWheelerIcon,
  Eye as ShowIcon,
  EyeOff as HideIcon,
  Image as ImageIcon,
  MessageSquare as MessageIcon,
  Motorbike as TwoWheelerIcon,
  Phone as CallIcon,
  Plus as AddIcon,
  Search as SearchIcon,
  Truck as HeavyVehicleIcon,
  type LucideIcon,
} from 'lucide-react';
