/** A vehicle number drawn the way it looks on a Kerala plate. */
import './number-plate.css';

/** State (2 letters), district (2 digits), series (1 or 2 letters or digits), number (4 digits). */
const PLATE_PARTS = /^([a-z]{2})(\d{2})([a-z0-9]{1,2})(\d{4})$/i;
/** Bharat series: year (2 digits), BH, number (4 digits), series (1 or 2 letters). */
const BHARAT_PARTS = /^(\d{2})(bh)(\d{4})([a-z]{1,2})$/i;

/** 'kl07ab1234' → 'KL 07 AB 1234', '22bh1234aa' → '22 BH 1234 AA'; a number of another shape is only upper-cased. */
function spacedPlate(vehicleNumber: string): string {
  const plate = vehicleNumber.toUpperCase();
  const parts = PLATE_PARTS.exec(plate) ?? BHARAT_PARTS.exec(plate);
  return parts ? parts.slice(1).join(' ') : plate;
}

/**
 * Screen readers (and searches of the page's text) get the number as one word, 'KL07AB1234'; the
 * spaced plate is for the eye only.
 */
export function NumberPlate({ vehicleNumber }: { vehicleNumber: string }) {
  return (
    <span className="number-plate">
      <span className="visually-hidden">{vehicleNumber.toUpperCase()}</span>
      <span aria-hidden="true">{spacedPlate(vehicleNumber)}</span>
    </span>
  );
}
