import { useSearchParams } from 'react-router-dom';
import { CancelBooking } from '@/features/booking/components/CancelBooking';

/** The page of the cancel link in a guest's booking e-mails. */
export default function CancelBookingRoute() {
  const [params] = useSearchParams();
  return (
    <>
      <title>Cancel Your Booking · Nocturne</title>
      <CancelBooking id={params.get('id') ?? ''} token={params.get('token') ?? ''} />
    </>
  );
}
