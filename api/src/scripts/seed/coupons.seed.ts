import { CommandBus } from '@nestjs/cqrs';
import { CreateCouponRequest } from '@nocturne/contracts';
import { ClaimCouponCommand, CreateCouponCommand } from '#modules/coupons/coupons.public.js';
import type { SeedContext } from './seed-context.js';

const THIRTY_DAYS_MS = 30 * 86_400_000;

/**
 * Demo coupons, created and claimed through the same commands as the API (so counts, the ledger
 * and the outbox are as real ones would leave them).
 */
export async function seedCoupons(ctx: SeedContext): Promise<void> {
  const commands = ctx.app.get(CommandBus);
  const coupons = [
    { code: 'FIRSTROUND', title: 'Free house drink', description: 'One house spirit, beer or wine on us.', type: 'free_drink' },
    {
      code: 'TENOFF',
      title: '10% off the bar',
      description: 'Ten percent off your bar tab for the night.',
      type: 'percentage',
      value: 10,
      pointsCost: 50,
    },
    {
      code: 'GOLDVIP',
      title: 'VIP room upgrade',
      description: 'Upgrade your table to the VIP room.',
      type: 'vip_upgrade',
      requiredTier: 'gold',
      pointsCost: 200,
    },
    {
      code: 'EARLYBIRD',
      title: '$20 off a booth',
      description: 'Twenty dollars off a booth booking; the first 25 members only.',
      type: 'fixed_amount',
      value: 20,
      pointsCost: 20,
      maxUses: 25,
      validUntil: new Date(Date.now() + THIRTY_DAYS_MS).toISOString(),
    },
  ].map((input) => CreateCouponRequest.parse(input));
  const created = [];
  for (const input of coupons) created.push(await commands.execute(new CreateCouponCommand(input, ctx.adminId)));
  // The first demo member already holds the free drink, so "My Coupons" and its QR code show something.
  const [firstMember] = ctx.memberIds;
  if (firstMember) await commands.execute(new ClaimCouponCommand(firstMember, created[0]!.id));
  ctx.log(`Demo coupons: ${created.map((c) => c.code).join(', ')}`);
}
