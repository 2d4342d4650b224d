export const GENDERS = ['Male', 'Female', 'Other'] as const;
