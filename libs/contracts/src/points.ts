import { z } from 'zod';

export const PointHistoryEntry = z
  .object({
    id: z.uuid(),
    description: z.string(),
    /** Signed: credits positive, spending and reversals negative. */
    points: z.number().int(),
    createdAt: z.iso.datetime(),
    /** How a multiplied entry was paid: "5 pts ×1.25 tier ×2 promotion"; null when nothing multiplied it. */
    multiplier: z.string().nullable(),
  })
  .meta({ id: 'PointHistoryEntry' });
export type PointHistoryEntry = z.infer<typeof PointHistoryEntry>;

/** `GET /api/points/history?limit=`: the member's newest rows first (default 200). */
export const PointHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});
export type PointHistoryQuery = z.infer<typeof PointHistoryQuery>;

export const PointHistoryResponse = z.array(PointHistoryEntry);
export type PointHistoryResponse = z.infer<typeof PointHistoryResponse>;
