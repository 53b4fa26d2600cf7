import { Modal } from '@/components/ui/dialog';
import { policies, type PolicyId } from './policies';

export function PolicyDialog({ policy, onClose }: { policy: PolicyId | null; onClose: () => void }) {
  const content = policy ? policies[policy] : null;
  return (
    <Modal open={policy !== null} onOpenChange={(open) => !open && onClose()} title={content?.title ?? ''}>
      <div className="grid gap-3 text-white/85">
        {content?.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </Modal>
  );
}
