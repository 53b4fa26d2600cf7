import { usePromotionTonight } from '../api/tiers';

/** "Double points tonight ×2" while a promotion runs this club night; nothing otherwise. */
export function PromotionBadge() {
  const promotion = usePromotionTonight().data?.promotion;
  if (!promotion) return null;
  return (
    <p
      role="status"
      className="mb-4 inline-flex rounded-full border border-gold/50 bg-gold/15 px-4 py-1.5 text-sm font-semibold text-gold-light"
    >
      {promotion.badge}
    </p>
  );
}
