/** One limit: its default, the values it takes, its unit and why it exists. */
export interface LimitDeclaration {
  default: number;
  min: number;
  max?: number;
  unit: string;
  why: string;
}
