import type { PublicVenueView } from '@nocturne/contracts';
import { Modal } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { AppQueryProvider } from '@/lib/query-provider';
import { BookingForm } from './BookingForm';
import type { BookingService } from './booking-options';

interface BookingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialService?: BookingService;
  /** A group's venues, to choose the one booked. */
  venues?: readonly PublicVenueView[];
}

export function BookingDialog({ open, onOpenChange, initialService, venues }: BookingDialogProps) {
  const booked = () => {
    onOpenChange(false);
    toast({ title: 'Booking request sent!', description: "We'll contact you within 24 hours to confirm." });
  };
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Book Your Experience"
      description="Tell us about your night and we'll contact you within 24 hours to confirm your booking."
    >
      {/* Opened from the landing page, which has no query client of its own. */}
      <AppQueryProvider>
        <BookingForm initialService={initialService} onBooked={booked} venues={venues} />
      </AppQueryProvider>
    </Modal>
  );
}
