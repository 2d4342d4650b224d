/** SPEC §9: five suggested texts, each naming the vehicle (shown in upper case). */
export function messageTemplates(vehicleNumber: string): string[] {
  const plate = vehicleNumber.toUpperCase();
  return [
    `Your vehicle ${plate} is blocking the driveway. Please move it.`,
    `Your vehicle ${plate} is causing an obstruction. Please attend to it.`,
    `Kindly move your vehicle ${plate} as soon as possible.`,
    `Your vehicle ${plate} needs immediate attention.`,
    `Please relocate your vehicle ${plate}. It is parked improperly.`,
  ];
}

export const NOTIFICATION_TITLE = 'Vehicle Notification';

export function randomTemplate(vehicleNumber: string, random: () => number = Math.random): string {
  const templates = messageTemplates(vehicleNumber);
  return templates[Math.floor(random() * templates.length)] ?? templates[0]!;
}
