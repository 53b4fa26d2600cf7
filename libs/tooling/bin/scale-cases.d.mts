// Types for the test that checks every GET endpoint has a scale case (libs/tooling/test/scale-cases.spec.ts).
export type ScaleCase = {
  name: string;
  as: 'staff' | 'venueManager' | 'member' | 'heavy' | 'anyone';
  route: (ctx: Record<string, unknown>) => string;
  method?: 'POST';
  body?: (ctx: Record<string, unknown>) => unknown;
  accept?: number[];
  /** An answer that grows with the data: its goal is the first byte (200 ms), not the whole answer. */
  stream?: boolean;
};

/** Per endpoint name: the cases bench:scale measures, or why it measures none. */
export const SCALE_CASES: Record<string, { cases: ScaleCase[] } | { skip: string }>;

export function scaleCases(): Array<ScaleCase & { endpoint: string }>;
