import { venue } from '@/config/venue';

export type PolicyId = 'privacy' | 'terms' | 'age';

export const policies: Record<PolicyId, { title: string; paragraphs: string[] }> = {
  privacy: {
    title: 'Privacy Policy',
    paragraphs: [
      `${venue.name} keeps the details you send us (contact messages, booking requests and member accounts) only to answer you and run the members club.`,
      'We never sell your details. Members can ask us to delete their account at any time.',
      `Questions? E-mail ${venue.bookingEmail}.`,
    ],
  },
  terms: {
    title: 'Terms of Service',
    paragraphs: [
      'Entry is at the discretion of management. A dress code applies and photography of performers is not permitted.',
      'Booking requests are confirmed only once our team contacts you. Member points and coupons have no cash value.',
    ],
  },
  age: {
    title: 'Age Verification',
    paragraphs: [
      `${venue.name} is an adults-only venue: you must be ${venue.minimumAge} or older to visit this site or enter the venue.`,
      'On your first visit we ask you to confirm your age; the answer is remembered on this device only.',
      'At the door, every guest must show valid photo ID (driver licence, passport or proof-of-age card), whatever their age.',
    ],
  },
};
